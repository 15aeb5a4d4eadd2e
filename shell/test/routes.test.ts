import { guardRedirect, loginPathBackTo, routeFor } from '../src/routes';

const owner = (path: string) => routeFor(path)?.owner ?? null;

describe('route table', () => {
  it.each([
    ['/', 'mf-markets'],
    ['/markets', 'mf-markets'],
    ['/watchlists', 'mf-markets'],
    ['/news', 'mf-markets'],
    ['/news/12', 'mf-markets'],
    ['/stock/RELIANCE.NS/IN/Reliance', 'mf-markets'],
    ['/stock/v2/TCS.NS/undefined', 'mf-markets'],
    ['/stock/trading/AAPL/US/Apple', 'mf-trading'],
    ['/trade', 'mf-trading'],
    ['/trade-no-nav/forex', 'mf-trading'],
    ['/trade-no-nav/forex/1', 'mf-trading'],
    ['/trading/AAPL', 'mf-trading'],
    ['/records', 'mf-trading'],
    ['/account', 'mf-account'],
    ['/account/changes', 'mf-wallet'],
    ['/account/recharge-withdraw/5', 'mf-wallet'],
    ['/recharge-records', 'mf-wallet'],
    ['/recharge-records/recharge', 'mf-wallet'],
    ['/LoanApplication', 'mf-wallet'],
    ['/ipo/orders', 'mf-products'],
    ['/treasury-debt', 'mf-products'],
    ['/settings/bank-cards', 'mf-account'],
    ['/customer-service', 'mf-account'],
    ['/login', 'shell'],
    ['/forgot-password', 'shell'],
  ])('%s belongs to %s', (path, app) => expect(owner(path)).toBe(app));

  it('resolves the overlaps explicitly', () => {
    expect(owner('/account')).toBe('mf-account');
    expect(owner('/account/changes')).toBe('mf-wallet');
    expect(owner('/stock/trading/X/IN/Y')).toBe('mf-trading');
    expect(owner('/stock/X/IN/Y')).toBe('mf-markets');
  });

  it('knows no route it was not given', () => {
    expect(owner('/nope')).toBeNull();
    expect(owner('/stock/X')).toBeNull();
    expect(owner('/news/1/2')).toBeNull();
  });

  it('flags the nav and service routes', () => {
    expect(routeFor('/trade')?.nav).toBe(true);
    expect(routeFor('/trade-no-nav/forex/1')?.nav).toBeFalsy();
    expect(routeFor('/')?.service).toBe(true);
    // Only home floats the service button (spec §2); on lists it would cover the change column.
    expect(routeFor('/markets')?.service).toBeFalsy();
    expect(routeFor('/settings')?.nav).toBeFalsy();
  });

  it('matches optional and required segments, with or without a trailing slash', () => {
    expect(owner('/recharge-records/')).toBe('mf-wallet');
    expect(owner('/trade-no-nav')).toBeNull();
    expect(owner('/trade-no-nav/forex/1/2')).toBeNull();
    expect(owner('/settings/')).toBe('mf-account');
  });

  it('matches the way the remotes\' own routers do: static segments ignore case', () => {
    expect(owner('/loanapplication')).toBe('mf-wallet');
  });
});

describe('auth guard', () => {
  it('sends anonymous visitors to login, except on the public screens', () => {
    expect(guardRedirect('/', false)).toBe('/login');
    expect(guardRedirect('/settings', false)).toBe('/login?next=%2Fsettings');
    expect(guardRedirect('/nope', false)).toBe('/login');
    expect(guardRedirect('/register', false)).toBeNull();
    expect(guardRedirect('/forgot-password', false)).toBeNull();
    expect(guardRedirect('/login', false)).toBeNull();
  });
  it('asks the login to come back to a deep link, its query included', () => {
    expect(guardRedirect('/stock/trading/RELIANCE.NS/IN/Reliance?type=sell', false)).toBe(
      '/login?next=%2Fstock%2Ftrading%2FRELIANCE.NS%2FIN%2FReliance%3Ftype%3Dsell',
    );
    expect(loginPathBackTo('/account/changes')).toBe('/login?next=%2Faccount%2Fchanges');
  });
  it('needs no way back from home, the public screens or an unknown path', () => {
    expect(loginPathBackTo('/')).toBe('/login');
    expect(loginPathBackTo('/?x=1')).toBe('/login');
    expect(loginPathBackTo('/register')).toBe('/login');
    expect(loginPathBackTo('/nope')).toBe('/login');
  });
  it('sends a logged-in visitor at login home', () => {
    expect(guardRedirect('/login', true)).toBe('/');
    expect(guardRedirect('/register', true)).toBeNull();
    expect(guardRedirect('/account', true)).toBeNull();
  });
});
