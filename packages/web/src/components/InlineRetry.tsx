import { useTranslation } from 'react-i18next';
import styles from './InlineRetry.module.css';

/**
 * A part of a page that failed to load, said in one quiet line with a retry, where the rest
 * of the page keeps working (home's workout counter, its highlights).
 */
export function InlineRetry({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <p className={className}>
      {message}{' '}
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('common.retry')}
      </button>
    </p>
  );
}
