import { CARD_FRAME_HEIGHT, type CardProvider } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/Button.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { api } from '../../../lib/api.ts';
import { areaErrorTexts } from '../../../lib/areaErrors.ts';
import { useLoadedMembership } from '../../../lib/membership.ts';
import { useOperator } from '../../../lib/operator.ts';
import { BackToPayment } from '../BackToPayment.tsx';
import paymentStyles from '../Payments.module.css';
import { cardFormQuery } from '../queries.ts';
import { Section } from '../Section.tsx';
import { openCheckout } from './browser.ts';
import { CardSummary } from './CardBlock.tsx';
import styles from './Card.module.css';
import { InvalidDetailsMessage, useCardUpdateAllowed } from './UpdateCardLink.tsx';
import { Lock } from 'lucide';
import { Icon } from '../../../components/Icon.tsx';
import { appBase } from '../../../lib/appAddress.ts';

const CANCELLED = '?cancelled=1';

function SecureNote() {
  const { t } = useTranslation();
  return (
    <p className={styles.secure}>
      <Icon node={Lock} size={18} />
      <span>{t('payments.creditCard.secure')}</span>
    </p>
  );
}

/**
 * dibs' sandbox form is served on the portal's own origin and embedded; a provider page on
 * another origin (Nets Easy's hosted payment page, dibs' live adapter) cannot be framed (the
 * portal's CSP allows frames of its own origin, Nets forbids framing) and opens in the window
 * like verifone's checkout (docs/payments.md, "Nets Easy").
 */
function sameOrigin(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** The tallest the provider's page may make its frame (a runaway height must not stretch the page). */
const MAX_FRAME_HEIGHT = 4000;

/**
 * The embedded provider page (dibs), as tall as its content: the page reports its height
 * (`CARD_FRAME_HEIGHT`), so the member scrolls the portal, never a box inside it. Until
 * it does, the frame keeps its height from the style sheet.
 */
function ProviderFrame({ src, title }: { src: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const origin = new URL(src, window.location.href).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || event.origin !== origin) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type !== CARD_FRAME_HEIGHT || typeof data.height !== 'number') return;
      const el = frame.current;
      if (!el || !Number.isFinite(data.height) || data.height <= 0) return;
      // The frame's own border sits inside its height (border-box): the page gets all it asked for.
      const border = el.offsetHeight - el.clientHeight;
      setHeight(Math.min(Math.ceil(data.height) + border, MAX_FRAME_HEIGHT));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src]);
  return (
    <iframe
      ref={frame}
      className={styles.frame}
      src={src}
      title={title}
      style={height === null ? undefined : { height }}
    />
  );
}

/** The provider's page for the operator's card provider: dibs' form embedded, verifone's checkout opened. */
function ProviderForm({ provider }: { provider: CardProvider }) {
  const { t, i18n } = useTranslation();
  const membership = useLoadedMembership();
  const form = useQuery(
    cardFormQuery(provider, {
      locale: i18n.language,
      location: membership.location.id,
      base: appBase(),
    }),
  );
  if (form.isPending) return <Loading label={t('payments.creditCard.loading')} />;
  if (form.isError) {
    return (
      <div className={paymentStyles.inlineError} role="alert">
        {areaErrorTexts(form.error, t, i18n, 'payments.errors').map((text) => (
          <p key={text}>{text}</p>
        ))}
        <Button variant="secondary" onClick={() => void form.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (provider === 'dibs' && sameOrigin(form.data.url)) {
    return <ProviderFrame src={form.data.url} title={t('payments.creditCard.frameTitle')} />;
  }
  return (
    <>
      <p>{t('payments.creditCard.checkout')}</p>
      <Button onClick={() => openCheckout(form.data.url)}>{t('payments.creditCard.continue')}</Button>
    </>
  );
}

function Blocked() {
  const { t } = useTranslation();
  return (
    <Section title={t('payments.creditCard.title')} footer={<BackToPayment variant="secondary" />}>
      <InvalidDetailsMessage />
    </Section>
  );
}

/** Back from the provider's cancel button: nothing changed, and the member may start again. */
function Cancelled() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const locationId = useLoadedMembership().location.id;
  const reported = useRef(false);
  // The provider's signed cancel return goes to the server once, which closes the checkout
  // and logs the cancellation (its answer, a refusal by design, changes nothing here); then
  // the parameters leave the address.
  useEffect(() => {
    if (search === CANCELLED) return;
    const { cancelled: _flag, ...returned } = Object.fromEntries(new URLSearchParams(search));
    if (!reported.current && Object.keys(returned).length > 0) {
      reported.current = true;
      api('verifoneCreditCard', { body: { ...returned, location_id: locationId } }).catch(() => {});
    }
    navigate({ search: CANCELLED }, { replace: true });
  }, [search, navigate, locationId]);
  return (
    <Section
      title={t('payments.creditCard.cancelled.title')}
      footer={
        <>
          <ButtonLink to="/payment/credit-card" replace>
            {t('payments.creditCard.cancelled.again')}
          </ButtonLink>
          <BackToPayment variant="secondary" />
        </>
      }
    >
      <p role="status">{t('payments.creditCard.cancelled.text')}</p>
    </Section>
  );
}

/**
 * /payment/credit-card: the card update through the operator's card provider (docs/operators.md),
 * blocked while the profile holds invalid details (docs/payments.md).
 */
export function CreditCardPage() {
  const { t } = useTranslation();
  const operator = useOperator();
  const allowed = useCardUpdateAllowed();
  const { current_payment_method: card } = useLoadedMembership();
  const [search] = useSearchParams();
  if (!allowed) return <Blocked />;
  if (search.get('cancelled') === '1') return <Cancelled />;
  return (
    <Section title={t('payments.creditCard.title')} footer={<BackToPayment variant="secondary" />}>
      {card && (
        <div className={styles.onFile}>
          <p className={paymentStyles.muted}>{t('payments.creditCard.onFile')}</p>
          <CardSummary card={card} />
        </div>
      )}
      <p className={paymentStyles.intro}>{t('payments.creditCard.intro')}</p>
      <SecureNote />
      <ProviderForm provider={operator.cardProvider} />
    </Section>
  );
}
