import type { Leaves } from '../../section';
import type { chat as en } from './en';

export const chat: Leaves<typeof en> = {
  serviceUnread: '客服，{{count}} 条未读',
  messages: '消息',
  you: '我',
  agent: '客服',
  today: '今天',
  yesterday: '昨天',
  empty: '暂无消息',
  emptyBody: '给我们留言，客服会在这里回复您。',
  input: '消息',
  placeholder: '输入消息',
  send: '发送',
  sendFailed: '消息发送失败',
  loadFailed: '消息加载失败',
  earlier: '查看更早的消息',
  remaining: '还可输入 {{count}} 个字符',
};
