import { Component, type ReactNode } from 'react';
import { ErrorState } from '../../components/ErrorState.tsx';
import { NetworkError } from '../../lib/api.ts';
import { PageLoadError, retryFailedPages } from './lazyPage.tsx';

interface Props {
  children: ReactNode;
}

/** A page's chunk that did not arrive is said as the network error it is. */
function pageError(error: unknown): unknown {
  return error instanceof PageLoadError ? new NetworkError('GET', error.page, error.cause) : error;
}

/**
 * The page area's error boundary: a page whose chunk failed to load (the server gone, the
 * connection lost) or that failed to render shows the error with a retry in the page's
 * place; the top bar, the menu and the footer stay (docs/portal-screens.md). The shell
 * gives it the page's address as key, so another page starts without the error.
 */
export class PageErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  constructor(props: Props) {
    super(props);
    // Opening a page tries a chunk that failed before again.
    retryFailedPages();
  }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('page failed') };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  retry = () => {
    retryFailedPages();
    this.setState({ error: null });
  };

  override render() {
    return this.state.error ? (
      <ErrorState error={pageError(this.state.error)} onRetry={this.retry} />
    ) : (
      this.props.children
    );
  }
}
