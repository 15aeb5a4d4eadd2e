// What the shell mounts: single-spa lifecycles around the remote's App, its texts registered before the first mount.
import { createLifecycles, withTexts } from '@invest/shared';
import { App } from './App';
import { texts } from './i18n';
import { prefetchPositions } from './positions/positionsRoute';

// A visit that opens on positions asks for them as the remote's code runs, not after its first render.
prefetchPositions();

export const { bootstrap, mount, unmount } = withTexts(texts, createLifecycles('mf-trading', App));
