import { ApiError } from '../src/api/client';
import { failureKey } from '../src/api/failure';

it("a failed call's text: the API's reason, else the screen's own message", () => {
  expect(failureKey(new ApiError('insufficientFunds', 422), 'wallet.withdraw.failed')).toBe('hint.insufficientFunds');
  expect(failureKey(new ApiError('network', 0), 'hint.loginFailed')).toBe('hint.loginFailed');
  expect(failureKey(new ApiError('serverError', 500), 'hint.loginFailed')).toBe('hint.loginFailed');
  expect(failureKey(new ApiError('somethingNew', 400), 'hint.loginFailed')).toBe('hint.loginFailed');
  expect(failureKey(new Error('boom'), 'hint.loginFailed')).toBe('hint.loginFailed');
});
