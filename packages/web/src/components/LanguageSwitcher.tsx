import { languageOf } from '@portal/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, LANGUAGE_NAMES } from '../lib/i18n.ts';
import { useOperator } from '../lib/operator.ts';
import styles from './LanguageSwitcher.module.css';

/** A native select of the operator's locales, each named in its own language. */
export function LanguageSwitcher() {
  const operator = useOperator();
  const { t, i18n } = useTranslation();
  const id = useId();
  if (operator.locales.length < 2) return null;
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <svg className={styles.globe} viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path
          d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
      <select
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
