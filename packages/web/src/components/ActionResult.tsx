import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorTexts } from '../lib/errorText.ts';
import styles from './ActionResult.module.css';
import { Button, ButtonLink } from './Button.tsx';
import { Card } from './Card.tsx';
import { Check } from 'lucide';
import { Icon } from './Icon.tsx';

/** The way back after an action: always to the membership overview. */
export function BackToMembership({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation();
  return (
    <ButtonLink to="/membership" variant={variant}>
      {t('actions.backToMembership')}
    </ButtonLink>
  );
}

/**
 * The success page of an action: a heading (focused, so screen readers start there), what
 * happened, and the way back. The membership reloads by itself after every change.
 */
export function ActionSuccess({
  title,
  children,
  back = <BackToMembership />,
}: {
  title: string;
  children?: ReactNode;
  /** The way back; the membership overview unless the action started elsewhere (e.g. /payment). */
  back?: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card>
      <div className={styles.result} data-tone="success">
        <span className={styles.icon} aria-hidden="true">
          <Icon node={Check} size={28} strokeWidth={2.6} />
        </span>
        <div className={styles.body}>
          <h2 ref={headingRef} tabIndex={-1} className={styles.title}>
            {title}
          </h2>
          {children}
          <div className={styles.actions}>{back}</div>
        </div>
      </div>
    </Card>
  );
}

/**
 * The error page of an action (docs/portal-screens.md): an alert with the refusals' texts (or the generic
 * one, or the area's own `texts`), a way to try again where that makes sense, and the way back.
 */
export function ActionError({
  error,
  texts: ownTexts,
  onRetry,
  back = <BackToMembership />,
}: {
  error: unknown;
  /** An area's own texts for its refusals; by default the shared ones (`errorTexts`). */
  texts?: readonly string[] | undefined;
  onRetry?: () => void;
  /** The way back; the membership overview unless the action started elsewhere (e.g. /payment). */
  back?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const texts = ownTexts ?? errorTexts(error, t, i18n.language);
  return (
    <Card>
      <div className={styles.result} data-tone="error">
        <span className={styles.icon} aria-hidden="true">
          !
        </span>
        <div className={styles.body}>
          <div role="alert">
            <h2 className={styles.title}>{t('actions.errorTitle')}</h2>
            {texts.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </div>
          <div className={styles.actions}>
            {back}
            {onRetry && (
              <Button variant="secondary" onClick={onRetry}>
                {t('actions.tryAgain')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
