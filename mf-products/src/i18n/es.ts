import type { Leaves } from '@invest/shared';
import type { en } from './en';

/** Spanish: a chunk of its own, loaded only for a page in Spanish. */
export const es: Leaves<typeof en> = {
  titles: {
    blockTrading: 'Operaciones en bloque',
    blockOrders: 'Órdenes en bloque',
    qip: 'QIP',
    qipOrders: 'Órdenes QIP',
    ipo: 'OPI',
    ipoOrders: 'Órdenes de OPI',
    funds: 'Fondos de inversión',
    fundOrders: 'Órdenes de fondos',
    forex: 'Divisas',
    futures: 'Futuros',
    treasury: 'Deuda pública',
  },
};
