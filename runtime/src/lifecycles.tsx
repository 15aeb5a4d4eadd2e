import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { AppProps } from 'single-spa';
import singleSpaReact from 'single-spa-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { i18n } from './i18n';
import { queryClient } from './query';

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

/** The page's singletons a tree reads through React context: its i18n instance and its one QueryClient. */
function PageProviders({ children }: { children: React.ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}

/**
 * The single-spa lifecycles (bootstrap, mount, unmount) that mount `Root` into the element the shell hands over, in a
 * sliced root, under the page's providers. This is the contract between the shell and a remote, so it lives in the
 * runtime: the shell mounts every remote built for the same major the same way.
 */
export function remoteLifecycles(Root: React.ComponentType) {
  function Mounted() {
    return (
      <PageProviders>
        <Root />
      </PageProviders>
    );
  }
  return singleSpaReact<RemoteMountProps>({
    React,
    ReactDOMClient: { createRoot: createSlicedRoot } as unknown as typeof ReactDOMClient,
    rootComponent: Mounted,
    domElementGetter: (props: RemoteMountProps & AppProps) => props.domElement,
    // The remote's Root has its own error boundary (with a retry).
    suppressComponentDidCatchWarning: true,
  });
}
