import type { Leaves } from '@invest/shared';
import type { en } from './en';

/** German: a chunk of its own, loaded only for a page in German. */
export const de: Leaves<typeof en> = {
  titles: {
    blockTrading: 'Blockhandel',
    blockOrders: 'Blockhandel-Orders',
    qip: 'QIP',
    qipOrders: 'QIP-Orders',
    ipo: 'Börsengang',
    ipoOrders: 'IPO-Orders',
    funds: 'Fondsanlage',
    fundOrders: 'Fonds-Orders',
    forex: 'Devisen',
    futures: 'Futures',
    treasury: 'Staatsanleihen',
  },
};
