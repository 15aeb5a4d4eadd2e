export * from './envelope';
export * from './errors';
export * from './rules';
export * as calls from './calls';
export { UserInfoBrief, LoginResult } from './auth';
export { UserInfo, ConfigEntry } from './user';
export { OperatorName } from './ops';
export { Bill, BillReason, BILL_REASONS, BILL_TYPES, LedgerBreach } from './wallet';
// The quote stream is not a defineCall (it is server-sent events); the API needs its path and limit too.
export { QUOTE_STREAM_PATH, QUOTE_STREAM_MAX_SYMBOLS } from './market';
