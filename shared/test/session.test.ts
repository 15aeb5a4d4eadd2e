import { session } from '../src/session/session';

beforeEach(() => localStorage.clear());

it('stores the session under the spec keys and remembers credentials on request', () => {
  session.start('t1', { id: 7, user: '9876543210', login: true }, { user: '9876543210', password: 'secret1' });
  expect(localStorage.getItem('token')).toBe('t1');
  expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual({ id: 7, user: '9876543210', login: true });
  expect(localStorage.getItem('login')).toBe('true');
  expect(session.remembered()).toMatchObject({ user: '9876543210', password: 'secret1' });
});

it('ending the session keeps the remembered login the reset screen needs', () => {
  session.start('t1', { id: 7, user: '9876543210', login: true }, { user: '9876543210', password: 'secret1' });
  session.end('user');
  expect(session.isLoggedIn()).toBe(false);
  expect(session.user()).toBeNull();
  expect(session.remembered()?.user).toBe('9876543210');
});

it('remembers why the session ended until the next login', () => {
  session.start('t1', { id: 7, user: '9876543210', login: true }, null);
  session.end('expired');
  expect(session.endReason()).toBe('expired');
  session.end('user'); // nothing left to end: the reason stays
  expect(session.endReason()).toBe('expired');
  session.start('t2', { id: 7, user: '9876543210', login: true }, null);
  expect(session.endReason()).toBeNull();
  session.end('user');
  expect(session.endReason()).toBe('user');
});

it('ignores corrupt stored values', () => {
  localStorage.setItem('userInfo', '{not json');
  localStorage.setItem('remembered', '{"user": 5}');
  expect(session.user()).toBeNull();
  expect(session.remembered()).toBeNull();
});
