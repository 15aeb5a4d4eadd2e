/**
 * Error keys the API puts in `data` of a rejection. The client shows t(`hint.${key}`);
 * every key here has a text in every language (a unit test checks it).
 */
export const ERROR_KEYS = [
  'requiredFields',
  'phoneNumberInvalid',
  'passwordTooShort',
  'passwordTooLong',
  'passwordNotMatch',
  'invalidAccountPassword',
  'invalidInvitationCode',
  'phoneTaken',
  'oldPasswordIncorrect',
  'invalidInput',
  'unknownField',
  'malformedJson',
  'tooManyRequests',
  'unauthorized',
  'forbidden',
  'notFound',
  'serverError',
  'network',
  'timeout',
  'badResponse',
  'insufficientFunds',
  'idempotencyKeyReused',
  'idempotencyKeyRequired',
  'alreadySettled',
  'invalidAmount',
  'rechargeAmountTooLow',
  'rechargeMethodRequired',
  'rechargeMethodDisabled',
  'withdrawBelowMinimum',
  'bankCardRequired',
  'invalidIfsc',
  'invalidAccountNumber',
  'invalidCardNumber',
  'loanAmountTooLow',
  'loanExceedsLimit',
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];
export const isErrorKey = (k: unknown): k is ErrorKey => (ERROR_KEYS as readonly unknown[]).includes(k);
