/**
 * Every call's place on the wire (method, path, who may call, whether it is a money call), without its schemas:
 * the contract (calls.ts) adds the zod input and output to each, and the web apps call through this table alone,
 * so zod is not part of a page's start (it loads with the first form that validates).
 */
import type { Route } from './route';
import { UPLOAD_PATH } from './values/account';

export const routes = {
  // auth
  login: { method: 'POST', path: '/stock/user/login', auth: 'public' },
  register: { method: 'POST', path: '/stock/user/reg', auth: 'public' },
  forget: { method: 'POST', path: '/v2/user/forget', auth: 'public' },
  logout: { method: 'POST', path: '/stock/success/user/logout', auth: 'user' },
  // user
  userInfo: { method: 'GET', path: '/stock/success/v2/user/info', auth: 'user' },
  balance: { method: 'GET', path: '/stock/success/v2/balance', auth: 'user' },
  config: { method: 'GET', path: '/v2/config', auth: 'public' },
  // wallet
  bills: { method: 'GET', path: '/stock/success/v2/bill', auth: 'user' },
  rechargeMethods: { method: 'GET', path: '/stock/success/v2/recharge/methods', auth: 'user' },
  rechargeAdd: { method: 'POST', path: '/stock/success/v2/recharge/add', auth: 'user', idempotent: true },
  rechargeRecords: { method: 'GET', path: '/stock/success/property/list', auth: 'user' },
  withdrawRecords: { method: 'GET', path: '/stock/success/property/withdraw', auth: 'user' },
  withdraw: { method: 'POST', path: '/stock/success/money/access', auth: 'user', idempotent: true },
  // loans
  loanData: { method: 'GET', path: '/stock/success/loans/data', auth: 'user' },
  loanAdd: { method: 'POST', path: '/stock/success/loans/add', auth: 'user', idempotent: true },
  loanRecords: { method: 'GET', path: '/stock/success/loans/list', auth: 'user' },
  loanRepay: { method: 'POST', path: '/stock/success/loans/repay', auth: 'user', idempotent: true },
  // bank
  bankList: { method: 'GET', path: '/stock/success/bank/list', auth: 'user' },
  bankAdd: { method: 'POST', path: '/stock/success/bank/add', auth: 'user' },
  bankEdit: { method: 'POST', path: '/stock/success/bank/edit', auth: 'user' },
  // market
  categoryList: { method: 'GET', path: '/stock/category/list', auth: 'user' },
  yahoo: { method: 'GET', path: '/v2/yahoo', auth: 'user' },
  stockList: { method: 'GET', path: '/v2/stock/list', auth: 'user' },
  newsList: { method: 'GET', path: '/stock/new/list', auth: 'user' },
  newsArticle: { method: 'GET', path: '/stock/new/index', auth: 'user' },
  collectionAdd: { method: 'POST', path: '/stock/success/collection/add', auth: 'user' },
  collectionRemove: { method: 'POST', path: '/stock/success/collection/remove', auth: 'user' },
  collectionCheck: { method: 'GET', path: '/stock/success/collection/check', auth: 'user' },
  collectionList: { method: 'GET', path: '/stock/success/collection/list', auth: 'user' },
  // trading
  dealBuy: { method: 'POST', path: '/stock/success/deal/buy', auth: 'user', idempotent: true },
  dealSell: { method: 'POST', path: '/stock/success/deal/sell', auth: 'user', idempotent: true },
  dealList: { method: 'POST', path: '/stock/success/deal/list', auth: 'user' },
  orderList: { method: 'GET', path: '/stock/success/deal/orders', auth: 'user' },
  dealOrder: { method: 'GET', path: '/stock/success/deal/order', auth: 'user' },
  dealCancel: { method: 'POST', path: '/stock/success/deal/cancel', auth: 'user' },
  positions: { method: 'GET', path: '/stock/success/v2/transaction', auth: 'user' },
  tradeRulesInfo: { method: 'GET', path: '/stock/success/deal/rules', auth: 'user' },
  // chat
  chatMessages: { method: 'GET', path: '/stock/success/user_message/list-message', auth: 'user' },
  chatSend: { method: 'POST', path: '/stock/success/user_message/send', auth: 'user' },
  chatUnreadCount: { method: 'GET', path: '/stock/success/user_message/unread-count', auth: 'user' },
  chatRead: { method: 'POST', path: '/stock/success/user_message/read', auth: 'user' },
  kefu: { method: 'GET', path: '/stock/success/kefu', auth: 'user' },
  // account
  passwordUp: { method: 'POST', path: '/stock/success/user/password/up', auth: 'user' },
  tradePasswordState: { method: 'GET', path: '/stock/success/user/password/state', auth: 'user' },
  realNameAdd: { method: 'POST', path: '/stock/success/autonomy/add', auth: 'user' },
  realNameState: { method: 'GET', path: '/stock/success/autonomy/state', auth: 'user' },
  upload: { method: 'POST', path: UPLOAD_PATH, auth: 'user' },
  // products: block trading and QIP (offers are bought through dealBuy with mold bulk or finalize)
  offerList: { method: 'POST', path: '/stock/success/stock/list', auth: 'user' },
  // products: IPO
  ipoList: { method: 'GET', path: '/client/ipo', auth: 'user' },
  ipoBuy: { method: 'POST', path: '/stock/success/ipo/buy', auth: 'user', idempotent: true },
  ipoOrders: { method: 'GET', path: '/stock/success/ipo/list', auth: 'user' },
  // products: funds
  fundList: { method: 'GET', path: '/v2/fund/list', auth: 'user' },
  fundPurchase: { method: 'POST', path: '/stock/success/fund/purchase', auth: 'user', idempotent: true },
  fundOrders: { method: 'GET', path: '/stock/success/fund/orders', auth: 'user' },
  fundCancel: { method: 'POST', path: '/stock/success/fund/cancel', auth: 'user', idempotent: true },
  // products: forex, futures and treasury lists
  currencyList: { method: 'GET', path: '/v2/currency/list', auth: 'user' },
} as const satisfies Record<string, Route>;
