// What the shell mounts: single-spa lifecycles around the remote's App, its texts registered before the first mount.
import { createLifecycles, withTexts } from '@invest/shared';
import { App } from './App';
import { texts } from './i18n';
import { prefetchStockDetail } from './stock/stockRoute';

// A visit that opens on a stock asks for its rows and the chart's code as the remote's code runs, not at its first render.
prefetchStockDetail();

export const { bootstrap, mount, unmount } = withTexts(texts, createLifecycles('mf-markets', App));
