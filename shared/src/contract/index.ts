export * from './envelope';
export * from './errors';
export * from './rules';
export * as calls from './calls';
export { UserInfoBrief, LoginResult } from './auth';
export { UserInfo, ConfigEntry } from './user';
export { OperatorName } from './ops';
