import { keepingNext, pageAfterLogin } from '../src/auth/nextPage';

describe('the page after login', () => {
  it('is ?next= when it is a page of this app, its query and hash kept', () => {
    expect(pageAfterLogin('?next=%2Fwithdraw')).toBe('/withdraw');
    expect(pageAfterLogin('?next=%2Frecords%3Fstatus%3D1%23top')).toBe('/records?status=1#top');
    expect(pageAfterLogin('?phone=9876543210&next=%2Faccount%2Fchanges')).toBe('/account/changes');
  });

  it.each([
    ['no next', ''],
    ['an empty one', '?next='],
    ['another site', '?next=https%3A%2F%2Fevil.example%2F'],
    ['a scheme', '?next=javascript%3Aalert(1)'],
    ['a relative path', '?next=withdraw'],
    ['a protocol-relative address', '?next=%2F%2Fevil.example'],
    ['a backslash after the slash', '?next=%2F%5Cevil.example'],
    ['a tab the browser drops', '?next=%2F%09%2Fevil.example'],
    ['a line break the browser drops', '?next=%2F%0A%2Fevil.example'],
  ])('is home for %s', (_, search) => {
    expect(pageAfterLogin(search)).toBe('/');
  });
});

describe('keeping ?next= between the auth screens', () => {
  it('adds it to the address, beside its own query', () => {
    expect(keepingNext('/register', '?next=%2Fwithdraw')).toBe('/register?next=%2Fwithdraw');
    expect(keepingNext('/login?phone=9876543210', '?next=%2Fwithdraw')).toBe('/login?phone=9876543210&next=%2Fwithdraw');
  });

  it('leaves the address alone without one, or with one that is not a page of this app', () => {
    expect(keepingNext('/register', '')).toBe('/register');
    expect(keepingNext('/login?phone=9876543210', '?next=%2F%2Fevil.example')).toBe('/login?phone=9876543210');
  });
});
