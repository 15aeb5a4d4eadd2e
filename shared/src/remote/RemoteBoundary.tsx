import { Component, type ReactNode } from 'react';
import { retryFailedScreens } from './lazyScreen';
import { SectionFailed } from './SectionFailed';

// single-spa announces every navigation (pushState from any app); a remote running alone has only popstate.
const NAVIGATION_EVENTS = ['popstate', 'single-spa:routing-event'] as const;

/**
 * Catches a render error anywhere in an app: the app's area shows a retry panel, the rest of the page lives on. The
 * failure belongs to the screen it happened on: moving to another route draws that route afresh, and a failure while
 * offline (a screen's code that could not download) is retried by itself when the connection returns.
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
    NAVIGATION_EVENTS.forEach((e) => window.addEventListener(e, this.retryWhenFailed));
  }

  override componentWillUnmount() {
    NAVIGATION_EVENTS.forEach((e) => window.removeEventListener(e, this.retryWhenFailed));
  }

  override render() {
    if (this.state.failed) return <SectionFailed onRetry={this.retry} />;
    // A new key on retry mounts the app's tree afresh instead of re-rendering its broken state.
    return <div key={this.state.attempt} style={{ display: 'contents' }}>{this.props.children}</div>;
  }
}
