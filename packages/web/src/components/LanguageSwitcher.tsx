import { languageOf } from '@portal/domain';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, LANGUAGE_NAMES } from '../lib/i18n.ts';
import { Globe } from 'lucide';
import { Icon } from './Icon.tsx';
import { useOperator } from '../lib/operator.ts';
import styles from './LanguageSwitcher.module.css';

/** A native select of the operator's locales, each named in its own language. */
export function LanguageSwitcher() {
  const operator = useOperator();
  const { t, i18n } = useTranslation();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A language picked in the prerendered page before its script ran: React does not replay
  // that change, so it is applied once the switcher is live (ADR 035). The option the server
  // marked selected tells a member's pick from the page's own state.
  useEffect(() => {
    const element = select.current;
    const sent = element && [...element.options].find((option) => option.defaultSelected);
    if (element && sent && element.value !== sent.value && operator.locales.includes(element.value))
      void changeLocale(element.value);
  }, [operator.locales]);
  if (operator.locales.length < 2) return null;
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <Icon node={Globe} className={styles.globe} strokeWidth={1.8} />
      <select
        ref={select}
        id={id}
        className={styles.select}
        value={i18n.language}
        onChange={(event) => void changeLocale(event.target.value)}
      >
        {operator.locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[languageOf(locale)]}
          </option>
        ))}
      </select>
    </div>
  );
}
