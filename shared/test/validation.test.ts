import { sanitizePhone } from '../src/input';
import { formError, LoginForm, NewPasswordForm, RegisterForm } from '../src/validation';

describe('phone input', () => {
  it('keeps digits only, at most 10', () => {
    expect(sanitizePhone('+91 98765-43210 77')).toBe('9198765432');
    expect(sanitizePhone('abc')).toBe('');
  });
});

describe('login rules', () => {
  it('needs both fields, a 10-digit phone and 6+ characters', () => {
    expect(formError(LoginForm, { user: '', password: 'secret1' })).toBe('requiredFields');
    expect(formError(LoginForm, { user: '9876543210', password: '' })).toBe('requiredFields');
    expect(formError(LoginForm, { user: '987654321', password: '' })).toBe('requiredFields');
    expect(formError(LoginForm, { user: '987654321', password: 'secret1' })).toBe('phoneNumberInvalid');
    expect(formError(LoginForm, { user: '9876543210', password: '12345' })).toBe('passwordTooShort');
    expect(formError(LoginForm, { user: '9876543210', password: 'x'.repeat(129) })).toBe('passwordTooLong');
    expect(formError(LoginForm, { user: '9876543210', password: '123456' })).toBeNull();
  });
});

describe('register rules', () => {
  const ok = { user: '9876543210', password: 'secret1', confirm: 'secret1', code: 'DEMO2026' };
  it('accepts a complete form', () => expect(formError(RegisterForm, ok)).toBeNull());
  it('needs every field', () => {
    expect(formError(RegisterForm, { ...ok, code: '  ' })).toBe('requiredFields');
    expect(formError(RegisterForm, { ...ok, confirm: '' })).toBe('requiredFields');
    expect(formError(RegisterForm, { ...ok, user: '98765', code: '' })).toBe('requiredFields');
  });
  it('checks the phone, the length and the confirmation, in that order', () => {
    expect(formError(RegisterForm, { ...ok, user: '98765', password: '123', confirm: '1' })).toBe('phoneNumberInvalid');
    expect(formError(RegisterForm, { ...ok, password: '12345', confirm: '12346' })).toBe('passwordTooShort');
    expect(formError(RegisterForm, { ...ok, confirm: 'secret2' })).toBe('passwordNotMatch');
  });
});

describe('new password rules', () => {
  it('mirrors the reset screen messages', () => {
    expect(formError(NewPasswordForm, { password: '', confirm: '' })).toBe('requiredFields');
    expect(formError(NewPasswordForm, { password: 'abc', confirm: 'abc' })).toBe('passwordTooShort');
    expect(formError(NewPasswordForm, { password: 'abcdef', confirm: 'abcdeg' })).toBe('passwordNotMatch');
    expect(formError(NewPasswordForm, { password: 'abcdef', confirm: 'abcdef' })).toBeNull();
  });
});
