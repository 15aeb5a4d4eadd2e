import * as React from 'react';
import { remoteLifecycles } from '@invest/runtime';
import { removeFirstFrame } from './firstFrame';
import { RemoteBoundary } from './RemoteBoundary';

/**
 * The single-spa lifecycles a remote exposes as `./lifecycles`. The remote's App owns its routes (react-router with
 * absolute paths); the shell decides when it is mounted, through the runtime's lifecycles (the page's i18n instance
 * and its one QueryClient, the one the shell wires to the app's pause and resume). Here: the remote's error boundary
 * with its retry, and the first frame handed over.
 */
export function createLifecycles(name: string, App: React.ComponentType) {
  function Root() {
    // The route's prerendered first frame (if the page has one) goes in the commit that draws the screen under it:
    // never both on the page, never a frame without the screen.
    React.useLayoutEffect(removeFirstFrame, []);
    return (
      <RemoteBoundary name={name}>
        <App />
      </RemoteBoundary>
    );
  }
  return remoteLifecycles(Root);
}
