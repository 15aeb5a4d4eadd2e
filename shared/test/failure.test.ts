import { ApiError } from '../src/api/client';
import { failureKey } from '../src/api/failure';

it("a failed call's text: the API's reason, else the screen's own message", () => {
  expect(failureKey(new ApiError(422, 'insufficientFunds'), 'wallet.withdraw.failed')).toBe('hint.insufficientFunds');
  expect(failureKey(new ApiError(0, 'network'), 'hint.loginFailed')).toBe('hint.loginFailed');
  expect(failureKey(new ApiError(500, 'serverError'), 'hint.loginFailed')).toBe('hint.loginFailed');
  expect(failureKey(new ApiError(400, 'somethingNew'), 'hint.loginFailed')).toBe('hint.loginFailed');
  expect(failureKey(new Error('boom'), 'hint.loginFailed')).toBe('hint.loginFailed');
});
