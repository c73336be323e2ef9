import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { EmailLink } from '../../components/EmailLink.tsx';
import prose from '../../components/Prose.module.css';
import { formatDate } from '../../lib/format.ts';
import { useOperator } from '../../lib/operator.ts';
import styles from './Accessibility.module.css';

/** The day this statement was written or last reviewed; change it with its content. */
export const STATEMENT_DATE = '2026-11-27';

const GAPS = ['provider', 'print', 'hyphenation', 'session'] as const;
const METHODS = ['automated', 'keyboard', 'screens'] as const;

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.part}>
      <h2 id={id} className={styles.partTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /accessibility: the accessibility statement, naming the law and the body of the operator's
 * market (Germany's BFSG, Austria's BaFG, Switzerland's BehiG, Norway's likestillings- og
 * diskrimineringsloven, Finland's act on digital services), public and inside
 * the shell. `withTitle` where no top bar names the page (logged out): the statement's full
 * title, which takes focus when the member arrives from another page, as the logged-out
 * cards do. In the shell the top bar names it, shorter, as the footer link does.
 */
export function AccessibilityPage({ withTitle = false }: { withTitle?: boolean }) {
  const { t, i18n } = useTranslation();
  const operator = useOperator();
  const title = useRef<HTMLHeadingElement>(null);
  // Each market's own law and the body a member turns to (docs/operators.md, "Accessibility
  // statement"): every catalogue holds one sentence of each per operator country.
  const law = t(`accessibility.standard.law.${operator.country}`);
  const enforcement = t(`accessibility.enforcement.body.${operator.country}`);

  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) title.current?.focus();
  }, []);

  return (
    <Card className={styles.statement}>
      {withTitle && (
        <h1 ref={title} tabIndex={-1} className={styles.title}>
          {t('accessibility.title')}
        </h1>
      )}
      <p className={styles.lead}>{t('accessibility.intro', { brand: operator.brand })}</p>

      <Part title={t('accessibility.service.title')}>
        <p>{t('accessibility.service.text')}</p>
        {operator.publicCancellation && <p>{t('accessibility.service.cancelWithoutSignIn')}</p>}
      </Part>

      <Part title={t('accessibility.standard.title')}>
        <p>{t('accessibility.standard.text')}</p>
        <p>{law}</p>
      </Part>

      <Part title={t('accessibility.status.title')}>
        <p className={prose.highlight}>{t('accessibility.status.text')}</p>
      </Part>

      <Part title={t('accessibility.method.title')}>
        <ul className={prose.points}>
          {METHODS.map((method) => (
            <li key={method}>{t(`accessibility.method.${method}`)}</li>
          ))}
        </ul>
        <p className={styles.after}>{t('accessibility.method.limits')}</p>
      </Part>

      <Part title={t('accessibility.gaps.title')}>
        <ul className={prose.points}>
          {GAPS.map((gap) => (
            <li key={gap}>{t(`accessibility.gaps.${gap}`)}</li>
          ))}
        </ul>
        <p className={styles.after}>{t('accessibility.gaps.work')}</p>
      </Part>

      <Part title={t('accessibility.contact.title')}>
        <p>
          {t('accessibility.contact.text')} <EmailLink email={operator.supportEmail} />
        </p>
        <p>{t('accessibility.contact.include')}</p>
      </Part>

      <Part title={t('accessibility.enforcement.title')}>
        <p>{enforcement}</p>
      </Part>

      <p className={styles.date}>
        {t('accessibility.date', { date: formatDate(STATEMENT_DATE, i18n.language) })}
      </p>
    </Card>
  );
}
