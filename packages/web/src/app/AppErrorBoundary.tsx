import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button.tsx';

function Fallback() {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ maxWidth: 560, margin: '48px auto', padding: '0 16px' }}>
      <h1>{t('common.errorTitle')}</h1>
      <p>{t('errors.generic')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
    </div>
  );
}

/**
 * The last line of defence: a chunk that failed to load or a render error shows a message
 * with a retry instead of a blank page. (Kept free of the contract so the login stays small.)
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <Fallback /> : this.props.children;
  }
}
