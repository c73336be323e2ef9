import { useTranslation } from 'react-i18next';
import { ErrorResponse, ContractError } from '../lib/api.ts';
import { errorTexts } from '../lib/errorText.ts';
import { Button } from './Button.tsx';
import styles from './ErrorState.module.css';

/** What a screen shows when its data failed to load: the reason and a retry. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t, i18n } = useTranslation();
  const texts = errorTexts(error, t, i18n.language);
  const detail =
    error instanceof ContractError
      ? `${error.message}\n${error.issues.join('\n')}`
      : error instanceof ErrorResponse
        ? error.message
        : error instanceof Error
          ? error.message
          : null;
  return (
    <div className={styles.error} role="alert">
      <h2 className={styles.title}>{t('common.errorTitle')}</h2>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
      {detail && (
        <details className={styles.details}>
          <summary>{t('common.technicalDetails')}</summary>
          <pre>{detail}</pre>
        </details>
      )}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
