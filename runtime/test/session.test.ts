import { session } from '../src/session/session';

beforeEach(() => localStorage.clear());

it('stores the session under the spec keys and remembers the phone number on request, never a password', () => {
  // A caller that still hands a password over: it is not kept.
  session.start('t1', { id: 7, user: '9876543210', login: true }, { user: '9876543210', password: 'secret1' } as { user: string });
  expect(localStorage.getItem('token')).toBe('t1');
  expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual({ id: 7, user: '9876543210', login: true });
  expect(localStorage.getItem('login')).toBe('true');
  expect(session.remembered()).toEqual({ user: '9876543210', timestamp: expect.any(Number) });
  expect(Object.keys(JSON.parse(localStorage.getItem('remembered')!)).sort()).toEqual(['timestamp', 'user']);
  expect(JSON.stringify({ ...localStorage })).not.toContain('secret1');
});

it('ending the session keeps the remembered phone number only', () => {
  session.start('t1', { id: 7, user: '9876543210', login: true }, { user: '9876543210' });
  session.end('user');
  expect(session.isLoggedIn()).toBe(false);
  expect(session.user()).toBeNull();
  expect(session.remembered()).toEqual({ user: '9876543210', timestamp: expect.any(Number) });
  session.start('t2', { id: 7, user: '9876543210', login: true }, null);
  expect(session.remembered()).toBeNull();
});

describe('a password an earlier version remembered', () => {
  /** The session module as a page loads it, over what the phone has stored. */
  const loadSession = (): typeof session => {
    let loaded!: typeof session;
    jest.isolateModules(() => {
      loaded = (jest.requireActual('../src/session/session') as { session: typeof session }).session;
    });
    return loaded;
  };

  it('is scrubbed when the session module first loads, the phone number kept', () => {
    localStorage.setItem('remembered', JSON.stringify({ user: '9876543210', password: 'secret1', timestamp: 1700000000000 }));
    const fresh = loadSession();
    expect(JSON.parse(localStorage.getItem('remembered')!)).toEqual({ user: '9876543210', timestamp: 1700000000000 });
    expect(fresh.remembered()).toEqual({ user: '9876543210', timestamp: 1700000000000 });
  });

  it('goes with its entry when the entry is not one the app can read', () => {
    localStorage.setItem('remembered', JSON.stringify({ password: 'secret1' }));
    loadSession();
    expect(localStorage.getItem('remembered')).toBeNull();
  });
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

it("a page that keeps its session under a prefix (the operators' console) neither reads nor ends the investor's", () => {
  localStorage.setItem('token', 'investor');
  let ops!: typeof session;
  jest.isolateModules(() => {
    ops = (jest.requireActual('../src/session/session') as { session: typeof session }).session;
  });
  ops.keepUnder('ops.');
  expect(ops.token()).toBeNull();
  ops.start('op1', { id: 1, user: 'ops', login: true }, null);
  expect(localStorage.getItem('ops.token')).toBe('op1');
  expect(ops.user()).toEqual({ id: 1, user: 'ops', login: true });
  ops.end('expired');
  expect(localStorage.getItem('ops.token')).toBeNull();
  expect(localStorage.getItem('token')).toBe('investor');
});
