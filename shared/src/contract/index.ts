export * from './envelope';
export * from './errors';
export * from './rules';
export * as calls from './calls';
export { UserInfoBrief, LoginResult } from './auth';
export { UserInfo, ConfigEntry } from './user';
export { OperatorName } from './ops';
export {
  Bill,
  BillReason,
  BILL_REASONS,
  BILL_TYPES,
  LedgerBreach,
  RECHARGE_MIN,
  WITHDRAW_MIN,
  LOAN_MIN,
  MINOR_PER_UNIT,
  BALANCE_MAX,
  RECHARGE_METHODS,
  RechargeMethod,
  RechargeMethodInfo,
  RECHARGE_STATUS,
  RechargeRecord,
  WITHDRAW_STATUS,
  WithdrawRecord,
  WALLET_STREAM_PATH,
  USDT_RATE_SETTING,
  positiveWholeOf,
} from './wallet';
export { LoanData, LoanRecord, LOAN_STATE, LOAN_STATE_LABELS, CREDIT_SCORE_POSITIVE } from './loans';
export { BankCard, BankCardInr, BankCardMxn, bankCardRules, Ifsc, AccountNumber, MxnCardNumber, luhnValid, clabeValid } from './bank';
// The quote stream is not a defineCall (it is server-sent events); the API needs its path and limit too.
export { QUOTE_STREAM_PATH, QUOTE_STREAM_MAX_SYMBOLS } from './market';
export {
  Order,
  Position,
  OrderNo,
  DealBuyInput,
  PriceMovedRejection,
  ORDER_STATUS,
  ORDER_STATUS_LABELS,
  TRADE_TYPES,
  TradeType,
  ORDER_MOLDS,
  OrderMold,
  ORDER_KINDS,
  TIME_IN_FORCE,
  QUANTITY_MIN,
  QUANTITY_HALF_MAX,
  QUANTITY_FULL_MAX,
  POSITIONS_PAGE_SIZE,
  TRADE_SETTING_DEFAULTS,
  TradeRulesInfo,
  tradeRulesOf,
  feeOf,
  moneyOf,
  quantityCap,
  quantityIssue,
  type TradeRules,
  type PositionSize,
  type OrderStatus,
} from './trading';
export { ChatMessage, ChatConversation, UnreadCount, MessageText, ChatUserParam, charCount, MESSAGE_MAX, CHAT_POLL_MS, CUSTOMER_SERVICE_MODE, DEFAULT_SERVICE_LINK } from './chat';
export {
  TRADE_PASSWORD_LENGTH,
  TRADE_PASSWORD_MAX_FAILURES,
  TRADE_PASSWORD_LOCK_MINUTES,
  TradePassword,
  TradePasswordState,
  ID_TYPES,
  REAL_NAME_STATUS,
  RealName,
  OpsRealName,
  RealNameInput,
  UPLOAD_PATH,
  UPLOAD_NAME,
  UPLOAD_MAX_BYTES,
  IMAGE_MAX_SIDE,
  IMAGE_QUALITY,
  IMAGE_TARGET_BYTES,
  idNumberIssue,
  maskIdNumber,
  type IdType,
} from './account';
