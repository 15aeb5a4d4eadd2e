// Rules: the contract's plain values (no zod), which the web apps' start may import.

/** Constants of the spec's section 9 that both sides enforce. */
export const PHONE_LENGTH = 10;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
