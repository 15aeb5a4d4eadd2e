import type { Leaves } from '@invest/shared';
import type { en } from './en';

/** Chinese: a chunk of its own, loaded only for a page in Chinese. */
export const zh: Leaves<typeof en> = {
  embed: {
    quote: '{{name}} 行情',
    open: '交易中',
    closed: '已收盘',
    live: '实时',
    simulated: '模拟价格',
    missing: '未指定品种',
    missingBody: '请在地址中指定，例如 iframe.html?symbol=AAPL',
    notFound: '没有代码为 {{symbol}} 的品种',
    notFoundBody: '请检查地址中的代码。',
  },
};
