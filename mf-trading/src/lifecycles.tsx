// What the shell mounts: single-spa lifecycles around the remote's App, its texts registered before the first mount.
import { createLifecycles, withTexts } from '@invest/shared';
import { App } from './App';
import { texts } from './i18n';

export const { bootstrap, mount, unmount } = withTexts(texts, createLifecycles('mf-trading', App));
