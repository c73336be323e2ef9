import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Route } from 'react-router';
import { AccessLinks, AccessState } from '../../features/access/AccessSummary.tsx';
import { WithdrawalLink } from '../../features/cancellation/withdrawal/WithdrawalLink.tsx';
import { useOperator } from '../../lib/operator.ts';
import { createQueryClient } from '../../lib/queryClient.ts';
import { HomePage } from '../pages/HomePage.tsx';
import { ClassesGuard, MembershipRouteGuard, PtGuard, ReferralGuard } from './guards.tsx';
import { lazyPage, PreloadingRoutes } from './lazyPage.tsx';
import { Shell } from './Shell.tsx';

// Home (and what the membership page is given to show) is part of the shell's chunk; every
// other page is a chunk of its own.
const AccessibilityPage = lazyPage(
  () => import('../../features/accessibility/AccessibilityPage.tsx'),
  'AccessibilityPage',
);
const DataPage = lazyPage(() => import('../../features/account/DataPage.tsx'), 'DataPage');
const PasswordPage = lazyPage(() => import('../../features/account/PasswordPage.tsx'), 'PasswordPage');
const DevicesPage = lazyPage(() => import('../../features/account/DevicesPage.tsx'), 'DevicesPage');
const ActivateChipPage = lazyPage(
  () => import('../../features/access/ActivateChipPage.tsx'),
  'ActivateChipPage',
);
const ForgottenChipPage = lazyPage(
  () => import('../../features/access/ForgottenChipPage.tsx'),
  'ForgottenChipPage',
);
const EntryDevicesPage = lazyPage(
  () => import('../../features/entry/EntryDevicesPage.tsx'),
  'EntryDevicesPage',
);
const LostChipPage = lazyPage(() => import('../../features/access/LostChipPage.tsx'), 'LostChipPage');
const CancellationPage = lazyPage(
  () => import('../../features/cancellation/CancellationPage.tsx'),
  'CancellationPage',
);
const ClubPage = lazyPage(() => import('../../features/club/ClubPage.tsx'), 'ClubPage');
const ConsentsPage = lazyPage(() => import('../../features/consents/ConsentsPage.tsx'), 'ConsentsPage');
const ContactPage = lazyPage(() => import('../../features/contact/ContactPage.tsx'), 'ContactPage');
const CancelFreezePage = lazyPage(
  () => import('../../features/freeze/CancelFreezePage.tsx'),
  'CancelFreezePage',
);
const FreezePage = lazyPage(() => import('../../features/freeze/FreezePage.tsx'), 'FreezePage');
const ReactivatePage = lazyPage(
  () => import('../../features/cancellation/ReactivatePage.tsx'),
  'ReactivatePage',
);
const MemberPublicCancellationPage = lazyPage(
  () => import('../../features/cancellation/public/MemberPublicCancellationPage.tsx'),
  'MemberPublicCancellationPage',
);
const WithdrawalPage = lazyPage(
  () => import('../../features/cancellation/withdrawal/WithdrawalPage.tsx'),
  'WithdrawalPage',
);
const MembershipPage = lazyPage(
  () => import('../../features/membership/MembershipPage.tsx'),
  'MembershipPage',
);
const MembershipSubPage = lazyPage(
  () => import('../../features/membership/MembershipPage.tsx'),
  'MembershipSubPage',
);
const CreditCardPage = lazyPage(
  () => import('../../features/payments/card/CreditCardPage.tsx'),
  'CreditCardPage',
);
const BankAccountPage = lazyPage(
  () => import('../../features/payments/sepa/BankAccountPage.tsx'),
  'BankAccountPage',
);
const InvoicesPage = lazyPage(() => import('../../features/payments/InvoicesPage.tsx'), 'InvoicesPage');
const InvoicePage = lazyPage(() => import('../../features/payments/PaymentPages.tsx'), 'InvoicePage');
const PaymentPage = lazyPage(() => import('../../features/payments/PaymentPage.tsx'), 'PaymentPage');
const InvoicePaidPage = lazyPage(
  () => import('../../features/payments/payNow/InvoicePaidPage.tsx'),
  'InvoicePaidPage',
);
const RefundToBankPage = lazyPage(
  () => import('../../features/payments/refunds/RefundToBankPage.tsx'),
  'RefundToBankPage',
);
const RefundToCardPage = lazyPage(
  () => import('../../features/payments/refunds/RefundToCardPage.tsx'),
  'RefundToCardPage',
);
const HealthInsurancePage = lazyPage(
  () => import('../../features/payments/healthInsurance/HealthInsurancePage.tsx'),
  'HealthInsurancePage',
);
const ProfilePage = lazyPage(() => import('../../features/profile/ProfilePage.tsx'), 'ProfilePage');
const OffersPage = lazyPage(() => import('../../features/pt/PtPages.tsx'), 'OffersPage');
const PtPage = lazyPage(() => import('../../features/pt/PtPages.tsx'), 'PtPage');
const ClassesPage = lazyPage(() => import('../../features/classes/ClassesPage.tsx'), 'ClassesPage');
const ReferralPage = lazyPage(() => import('../../features/referral/ReferralPage.tsx'), 'ReferralPage');

/** The routes inside the shell (docs/portal-screens.md). Loaded lazily after sign-in. */
export function LoggedInRoutes() {
  const operator = useOperator();
  return (
    <PreloadingRoutes>
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
        <Route
          path="classes"
          element={
            <ClassesGuard>
              <ClassesPage />
            </ClassesGuard>
          }
        />
        <Route path="contact" element={<ContactPage />} />
        <Route path="entry" element={<EntryDevicesPage />} />
        <Route path="accessibility" element={<AccessibilityPage />} />
        {/* § 312k BGB: the public cancellation works for a signed-in member too, where the
            operator has it; elsewhere the address goes home like any other unknown one. */}
        {operator.publicCancellation && (
          <Route path="cancel-contract" element={<MemberPublicCancellationPage />} />
        )}
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
        <Route path="payment/bank-account" element={<BankAccountPage />} />
        <Route path="payment/invoices" element={<InvoicesPage />} />
        <Route path="payment/invoices/:id/paid" element={<InvoicePaidPage />} />
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
        <Route path="membership/devices" element={<DevicesPage />} />
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
    </PreloadingRoutes>
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
