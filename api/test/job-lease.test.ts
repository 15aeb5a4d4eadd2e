import { holdLease, releaseLease } from '../src/jobs/lease';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

describe.each(backends)('job leases on $name', (backend) => {
  const t = useApp(backend);
  const as = (holder: string) => ({ db: t.current.built.app.db, holder });

  it('one holder at a time: taken, renewed by its holder, refused to another until it expires or is given up', async () => {
    const [a, b] = [as('replica-a'), as('replica-b')];
    expect(await holdLease(a, 'job one', 60_000)).toBe(true);
    expect(await holdLease(b, 'job one', 60_000)).toBe(false);
    expect(await holdLease(a, 'job one', 60_000)).toBe(true);
    // Another job is another lease.
    expect(await holdLease(b, 'job two', 60_000)).toBe(true);

    // Given up: the other takes it at once.
    await releaseLease(a, 'job one');
    expect(await holdLease(b, 'job one', 1)).toBe(true);
    // Expired (its holder stopped renewing): the first takes it back.
    await new Promise((r) => setTimeout(r, 20));
    expect(await holdLease(a, 'job one', 60_000)).toBe(true);
    expect(await holdLease(b, 'job one', 60_000)).toBe(false);
    // Giving up a lease one does not hold changes nothing.
    await releaseLease(b, 'job one');
    expect(await holdLease(b, 'job one', 60_000)).toBe(false);
  }, HOOK_TIMEOUT);
});
