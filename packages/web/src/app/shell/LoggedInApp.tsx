import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { createQueryClient } from '../../lib/queryClient.ts';
import { AccessibilityPage } from '../../features/accessibility/AccessibilityPage.tsx';
import { DataPage } from '../../features/account/DataPage.tsx';
import { PasswordPage } from '../../features/account/PasswordPage.tsx';
import { AccessLinks, AccessState } from '../../features/access/AccessSummary.tsx';
import { ActivateChipPage } from '../../features/access/ActivateChipPage.tsx';
import { ForgottenChipPage } from '../../features/access/ForgottenChipPage.tsx';
import { LostChipPage } from '../../features/access/LostChipPage.tsx';
import { CancellationPage } from '../../features/cancellation/CancellationPage.tsx';
import { ClubPage } from '../../features/club/ClubPage.tsx';
import { ConsentsPage } from '../../features/consents/ConsentsPage.tsx';
import { ContactPage } from '../../features/contact/ContactPage.tsx';
import { CancelFreezePage } from '../../features/freeze/CancelFreezePage.tsx';
import { FreezePage } from '../../features/freeze/FreezePage.tsx';
import { ReactivatePage } from '../../features/cancellation/ReactivatePage.tsx';
import { MemberPublicCancellationPage } from '../../features/cancellation/public/MemberPublicCancellationPage.tsx';
import { WithdrawalLink } from '../../features/cancellation/withdrawal/WithdrawalLink.tsx';
import { WithdrawalPage } from '../../features/cancellation/withdrawal/WithdrawalPage.tsx';
import { MembershipPage, MembershipSubPage } from '../../features/membership/MembershipPage.tsx';
import { CreditCardPage } from '../../features/payments/card/CreditCardPage.tsx';
import { InvoicesPage } from '../../features/payments/InvoicesPage.tsx';
import { InvoicePage } from '../../features/payments/PaymentPages.tsx';
import { PaymentPage } from '../../features/payments/PaymentPage.tsx';
import { RefundToBankPage } from '../../features/payments/refunds/RefundToBankPage.tsx';
import { RefundToCardPage } from '../../features/payments/refunds/RefundToCardPage.tsx';
import { HealthInsurancePage } from '../../features/payments/healthInsurance/HealthInsurancePage.tsx';
import { ProfilePage } from '../../features/profile/ProfilePage.tsx';
import { OffersPage, PtPage } from '../../features/pt/PtPages.tsx';
import { ReferralPage } from '../../features/referral/ReferralPage.tsx';
import { HomePage } from '../pages/HomePage.tsx';
import { MembershipRouteGuard, PtGuard, ReferralGuard } from './guards.tsx';
import { Shell } from './Shell.tsx';

/** The routes inside the shell (spec section 2). Loaded lazily after sign-in. */
export function LoggedInRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<HomePage />} />
        <Route
          path="offers"
          element={
            <PtGuard>
              <OffersPage />
            </PtGuard>
          }
        />
        <Route
          path="pt"
          element={
            <PtGuard>
              <PtPage />
            </PtGuard>
          }
        />
        <Route path="contact" element={<ContactPage />} />
        <Route path="accessibility" element={<AccessibilityPage />} />
        {/* § 312k BGB: the public cancellation works for a signed-in member too. */}
        <Route path="cancel-contract" element={<MemberPublicCancellationPage />} />
        <Route
          path="referral"
          element={
            <ReferralGuard>
              <ReferralPage />
            </ReferralGuard>
          }
        />
        <Route path="payment" element={<PaymentPage />} />
        <Route path="payment/payment-method-updated" element={<PaymentPage withBanner />} />
        <Route path="payment/credit-card" element={<CreditCardPage />} />
        <Route path="payment/invoices" element={<InvoicesPage />} />
        <Route path="payment/refund/:id" element={<RefundToCardPage />} />
        <Route path="payment/refund/:id/bank" element={<RefundToBankPage />} />
        <Route path="payment/refund" element={<Navigate to="/payment" replace />} />
        <Route path="payment/health-insurance/:year" element={<HealthInsurancePage />} />
        <Route path="invoice/:id" element={<InvoicePage />} />
        {/* The breadcrumb links these parents of the printable pages: they belong to /payment. */}
        <Route path="payment/health-insurance" element={<Navigate to="/payment" replace />} />
        <Route path="invoice" element={<Navigate to="/payment" replace />} />
        <Route
          path="membership"
          element={
            <MembershipPage
              access={{ state: <AccessState />, links: <AccessLinks /> }}
              withdrawal={<WithdrawalLink />}
            />
          }
        />
        {/* § 356a BGB: the withdrawal button's confirmation; the page checks the window itself. */}
        <Route path="membership/withdraw" element={<WithdrawalPage />} />
        <Route
          path="membership/freeze"
          element={
            <MembershipRouteGuard page="freeze">
              <FreezePage />
            </MembershipRouteGuard>
          }
        />
        <Route
          path="membership/cancel_freeze"
          element={
            <MembershipRouteGuard page="cancel_freeze">
              <CancelFreezePage />
            </MembershipRouteGuard>
          }
        />
        <Route
          path="membership/reactivate"
          element={
            <MembershipRouteGuard page="reactivate">
              <ReactivatePage />
            </MembershipRouteGuard>
          }
        />
        <Route
          path="membership/cancellation/*"
          element={
            <MembershipRouteGuard page="cancellation">
              <CancellationPage />
            </MembershipRouteGuard>
          }
        />
        <Route
          path="membership/club"
          element={
            <MembershipRouteGuard page="club">
              <ClubPage />
            </MembershipRouteGuard>
          }
        />
        <Route path="membership/consents" element={<ConsentsPage />} />
        <Route path="membership/password" element={<PasswordPage />} />
        <Route path="membership/data" element={<DataPage />} />
        <Route
          path="membership/activate_chip"
          element={
            <MembershipRouteGuard page="activate_chip">
              <ActivateChipPage />
            </MembershipRouteGuard>
          }
        />
        <Route
          path="membership/lost_chip"
          element={
            <MembershipRouteGuard page="lost_chip">
              <LostChipPage />
            </MembershipRouteGuard>
          }
        />
        <Route
          path="membership/forgotten_chip"
          element={
            <MembershipRouteGuard page="forgotten_chip">
              <ForgottenChipPage />
            </MembershipRouteGuard>
          }
        />
        <Route
          path="membership/profile"
          element={
            <MembershipRouteGuard page="profile">
              <ProfilePage />
            </MembershipRouteGuard>
          }
        />
        <Route
          path="membership/:page"
          element={
            <MembershipRouteGuard>
              <MembershipSubPage />
            </MembershipRouteGuard>
          }
        />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

/** One query cache per signed-in session, cleared when the session ends. */
export default function LoggedInApp({ queryClient }: { queryClient?: QueryClient | undefined }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  useEffect(() => () => client.clear(), [client]);
  return (
    <QueryClientProvider client={client}>
      <LoggedInRoutes />
    </QueryClientProvider>
  );
}
