// What the shell mounts: single-spa lifecycles around the remote's App.
import { createLifecycles } from '@invest/shared';
import { App } from './App';

export const { bootstrap, mount, unmount } = createLifecycles('mf-wallet', App);
