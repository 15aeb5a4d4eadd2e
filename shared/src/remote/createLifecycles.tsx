import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import type { AppProps } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { QueryProvider } from '../query/QueryProvider';
import { removeFirstFrame } from './firstFrame';
import { RemoteBoundary } from './RemoteBoundary';

/** What the shell hands every remote when it mounts it. */
export interface RemoteMountProps {
  /** The element the remote renders into; the shell owns it. */
  domElement: HTMLElement;
}

/**
 * A React root that renders as a transition: React renders a first screen (hundreds of elements: home with its cards
 * drawn from the page's first-frame answers) in slices of a few milliseconds, so a slow phone is never blocked for
 * one long task and handles a tap in between. The shell's root and every remote's are made with it.
 */
export function createSlicedRoot(el: HTMLElement) {
  const root = ReactDOMClient.createRoot(el);
  return { render: (node: React.ReactNode) => React.startTransition(() => root.render(node)), unmount: () => root.unmount() };
}

/**
 * The single-spa lifecycles a remote exposes as `./lifecycles`. The remote's App owns its routes
 * (react-router with absolute paths); the shell decides when it is mounted. The App reads data through the page's
 * one QueryClient, the one the shell provides and wires to the app's pause and resume (followApp).
 */
export function createLifecycles(name: string, App: React.ComponentType) {
  function Root() {
    // The route's prerendered first frame (if the page has one) goes in the commit that draws the screen under it:
    // never both on the page, never a frame without the screen.
    React.useLayoutEffect(removeFirstFrame, []);
    return (
      <I18nextProvider i18n={i18n}>
        <QueryProvider>
          <RemoteBoundary name={name}>
            <App />
          </RemoteBoundary>
        </QueryProvider>
      </I18nextProvider>
    );
  }
  return singleSpaReact<RemoteMountProps>({
    React,
    ReactDOMClient: { createRoot: createSlicedRoot } as unknown as typeof ReactDOMClient,
    rootComponent: Root,
    domElementGetter: (props: RemoteMountProps & AppProps) => props.domElement,
    // RemoteBoundary inside Root catches render errors and offers a retry.
    suppressComponentDidCatchWarning: true,
  });
}
