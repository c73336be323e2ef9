import type { ReactNode } from 'react';
import { Later } from '../../components/Later.tsx';
import { CardUpdateBanner } from './card/CardUpdateBanner.tsx';
import { HealthInsuranceSection } from './healthInsurance/HealthInsuranceSection.tsx';
import { InvoicesSection } from './InvoicesSection.tsx';
import { NextPayment } from './NextPayment.tsx';
import styles from './Payments.module.css';
import { useInvoiceList } from './queries.ts';
import { RefundsSection } from './refunds/RefundsSection.tsx';
import { PaymentMethodSection } from './sepa/BankAccountBlock.tsx';
import { UnpaidNotice } from './UnpaidNotice.tsx';

/**
 * /payment and /payment/payment-method-updated: the unpaid notice, the card
 * block, the next payment, the refunds of closed days, the latest invoices and, where the
 * operator has it, the health-insurance confirmation. The card update's banner shows only
 * on /payment/payment-method-updated (`withBanner`); paying an invoice now brings its own (`banner`).
 */
export function PaymentPage({ withBanner = false, banner }: { withBanner?: boolean; banner?: ReactNode }) {
  const invoices = useInvoiceList();
  return (
    <>
      {withBanner && <CardUpdateBanner />}
      {banner}
      {invoices.data && <UnpaidNotice invoices={invoices.data} />}
      <div className={styles.grid}>
        <PaymentMethodSection />
        <NextPayment />
      </div>
      <Later>
        {/* What the member can act on (a refund to ask for) before the record of invoices. */}
        <RefundsSection />
        <InvoicesSection invoices={invoices} />
        <HealthInsuranceSection />
      </Later>
    </>
  );
}
