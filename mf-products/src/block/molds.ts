import type { BlockMold } from '@invest/shared';

/** What differs between block trading (mold bulk) and QIP (mold finalize): their routes and titles. */
export const MOLD_PAGES: Record<BlockMold, { base: string; title: string; ordersTitle: string }> = {
  bulk: { base: '/block-trading', title: 'titles.blockTrading', ordersTitle: 'titles.blockOrders' },
  finalize: { base: '/qip', title: 'titles.qip', ordersTitle: 'titles.qipOrders' },
};
