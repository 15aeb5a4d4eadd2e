import type { Leaves } from '@invest/shared';
import type { en } from './en';

/** Chinese: a chunk of its own, loaded only for a page in Chinese. */
export const zh: Leaves<typeof en> = {
  titles: {
    blockTrading: '大宗交易',
    blockOrders: '大宗交易订单',
    qip: 'QIP',
    qipOrders: 'QIP 订单',
    ipo: '新股',
    ipoOrders: '新股订单',
    funds: '基金投资',
    fundOrders: '基金订单',
    forex: '外汇',
    futures: '期货',
    treasury: '国债',
  },
};
