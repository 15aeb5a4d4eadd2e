import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../ui/PageHeader';
import { RetryPanel } from '../ui/states';
import { retryFailedScreens } from './lazyScreen';

/** The retry panel under a bar whose back arrow works: a screen that failed to load (offline) can still be left. */
function Fallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader back />
      <RetryPanel title={t('shell.remoteFailedTitle')} body={t('shell.remoteFailedBody')} onRetry={onRetry} />
    </>
  );
}

/**
 * Catches a render error anywhere in an app: the app's area shows a retry panel, the rest of the page lives on. A
 * failure while offline (a screen's code that could not download) is retried by itself when the connection returns.
 */
export class RemoteBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[${this.props.name}] render failed`, error);
  }

  private retry = () => {
    // A screen whose code failed to download asks for it again (not before: see lazyScreen).
    retryFailedScreens();
    this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }));
  };
  private retryWhenFailed = () => this.state.failed && this.retry();

  override componentDidMount() {
    window.addEventListener('online', this.retryWhenFailed);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retryWhenFailed);
  }

  override render() {
    if (this.state.failed) return <Fallback onRetry={this.retry} />;
    // A new key on retry mounts the app's tree afresh instead of re-rendering its broken state.
    return <div key={this.state.attempt} style={{ display: 'contents' }}>{this.props.children}</div>;
  }
}
