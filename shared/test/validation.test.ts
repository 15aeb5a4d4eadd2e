import { sanitizePhone, validateLogin, validateNewPassword, validateRegister } from '../src/validation';

describe('phone input', () => {
  it('keeps digits only, at most 10', () => {
    expect(sanitizePhone('+91 98765-43210 77')).toBe('9198765432');
    expect(sanitizePhone('abc')).toBe('');
  });
});

describe('login rules', () => {
  it('needs both fields, a 10-digit phone and 6+ characters', () => {
    expect(validateLogin({ user: '', password: 'secret1' })).toBe('requiredFields');
    expect(validateLogin({ user: '9876543210', password: '' })).toBe('requiredFields');
    expect(validateLogin({ user: '987654321', password: 'secret1' })).toBe('phoneNumberInvalid');
    expect(validateLogin({ user: '9876543210', password: '12345' })).toBe('passwordTooShort');
    expect(validateLogin({ user: '9876543210', password: '123456' })).toBeNull();
  });
});

describe('register rules', () => {
  const ok = { user: '9876543210', password: 'secret1', confirm: 'secret1', code: 'DEMO2026' };
  it('accepts a complete form', () => expect(validateRegister(ok)).toBeNull());
  it('needs every field', () => {
    expect(validateRegister({ ...ok, code: '  ' })).toBe('requiredFields');
    expect(validateRegister({ ...ok, confirm: '' })).toBe('requiredFields');
  });
  it('checks the phone, the length and the confirmation', () => {
    expect(validateRegister({ ...ok, user: '98765' })).toBe('phoneNumberInvalid');
    expect(validateRegister({ ...ok, password: '12345', confirm: '12345' })).toBe('passwordTooShort');
    expect(validateRegister({ ...ok, confirm: 'secret2' })).toBe('passwordNotMatch');
  });
});

describe('new password rules', () => {
  it('mirrors the reset screen messages', () => {
    expect(validateNewPassword({ password: '', confirm: '' })).toBe('requiredFields');
    expect(validateNewPassword({ password: 'abc', confirm: 'abc' })).toBe('passwordTooShort');
    expect(validateNewPassword({ password: 'abcdef', confirm: 'abcdeg' })).toBe('passwordNotMatch');
    expect(validateNewPassword({ password: 'abcdef', confirm: 'abcdef' })).toBeNull();
  });
});
