import { digitsOnly, sanitizePhone } from '../src/input';
import { formError, LoginForm, RegisterForm, ResetForm } from '../src/validation';

describe('phone input', () => {
  it('keeps digits only, at most 10', () => {
    expect(sanitizePhone('98765-43210 77')).toBe('9876543210');
    expect(sanitizePhone('abc')).toBe('');
  });
  it('keeps the national number of a pasted international one (+91, +52, 00) or one with the trunk prefix 0', () => {
    expect(sanitizePhone('+91 98765 43210')).toBe('9876543210');
    expect(sanitizePhone('+91-98765-43210')).toBe('9876543210');
    expect(sanitizePhone('(+91) 098765 43210')).toBe('9876543210');
    expect(sanitizePhone('0091 98765 43210')).toBe('9876543210');
    expect(sanitizePhone('+52 55 1234 5678')).toBe('5512345678');
    expect(sanitizePhone(' 0052 55 1234 5678')).toBe('5512345678');
    expect(sanitizePhone('098765 43210')).toBe('9876543210');
    expect(sanitizePhone('09876543210')).toBe('9876543210');
    // A 10-digit number that merely starts like a country code is the number itself.
    expect(sanitizePhone('+9198765432')).toBe('9198765432');
    expect(sanitizePhone('91987 65432')).toBe('9198765432');
  });
  it.each([
    ['+52 55 1234 5678', '5512345678'],
    ['+52 (55) 1234-5678', '5512345678'],
    ['(55) 1234-5678', '5512345678'],
    ['55-1234-5678', '5512345678'],
    ['+52 1 55 1234 5678', '5512345678'],
    ['+521 55 1234 5678', '5512345678'],
    ['52 55 1234 5678', '5512345678'],
    ['521 55 1234 5678', '5512345678'],
    ['\u00a0+52\u00a055\u00a01234\u00a05678', '5512345678'],
    ['+91 98765 43210', '9876543210'],
    ['91 98765 43210', '9876543210'],
    ['+91 0 98765 43210', '9876543210'],
  ])('a Mexican or Indian number pasted as %p is the national %s the API stores', (pasted, national) => {
    expect(sanitizePhone(pasted)).toBe(national);
  });
  it('leaves typing digit by digit as it was: the first 10 digits stay', () => {
    const typed = (keys: string) => [...keys].reduce((field, key) => sanitizePhone(field + key), '');
    expect(typed('9198765432109')).toBe('9198765432');
    expect(typed('5298765432109')).toBe('5298765432');
    expect(typed('0091987654')).toBe('0091987654');
    expect(typed('+91 98765 43210')).toBe('9198765432');
  });
});

describe('amount and quantity input', () => {
  it('keeps digits only, without leading zeros, at most 12 of them', () => {
    expect(digitsOnly('₹ 5,000')).toBe('5000');
    expect(digitsOnly('0050')).toBe('50');
    expect(digitsOnly('0')).toBe('0');
    expect(digitsOnly('1e3')).toBe('13');
    expect(digitsOnly('9'.repeat(20))).toBe('9'.repeat(12));
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

describe('reset rules', () => {
  const ok = { user: '9876543210', password: 'old-pass', new_password: 'abcdef', confirm: 'abcdef' };
  it('mirrors the reset screen messages', () => {
    expect(formError(ResetForm, ok)).toBeNull();
    expect(formError(ResetForm, { ...ok, new_password: '', confirm: '' })).toBe('requiredFields');
    expect(formError(ResetForm, { ...ok, password: '' })).toBe('requiredFields');
    expect(formError(ResetForm, { ...ok, user: '' })).toBe('requiredFields');
    expect(formError(ResetForm, { ...ok, user: '98765' })).toBe('phoneNumberInvalid');
    expect(formError(ResetForm, { ...ok, new_password: 'abc', confirm: 'abc' })).toBe('passwordTooShort');
    expect(formError(ResetForm, { ...ok, confirm: 'abcdeg' })).toBe('passwordNotMatch');
  });
  it('takes any old password: its length rules may have changed since it was set', () => {
    expect(formError(ResetForm, { ...ok, password: 'old' })).toBeNull();
  });
});
