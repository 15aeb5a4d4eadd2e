/**
 * @jest-environment node
 */
import { acceptsRuntime, PAGE_RUNTIME_VERSION, refuseOtherRuntime } from '../src/compatibility';

it('accepts a remote built for the page’s major at or below its version, and no other', () => {
  expect(acceptsRuntime('^1.0.0', '1.0.0')).toBe(true);
  expect(acceptsRuntime('^1.2.0', '1.4.1')).toBe(true);
  expect(acceptsRuntime('^1.2.3', '1.2.10')).toBe(true);
  // A remote built against a newer minor or patch needs the shell deployed with it first.
  expect(acceptsRuntime('^1.5.0', '1.4.9')).toBe(false);
  expect(acceptsRuntime('^1.2.3', '1.2.2')).toBe(false);
  // Another major, either way.
  expect(acceptsRuntime('^2.0.0', '1.9.0')).toBe(false);
  expect(acceptsRuntime('^1.0.0', '2.0.0')).toBe(false);
});

it('reads a 0.x range as npm does: the minor is the breaking part (for 0.0.x, the patch)', () => {
  expect(acceptsRuntime('^0.3.0', '0.3.7')).toBe(true);
  expect(acceptsRuntime('^0.3.0', '0.4.0')).toBe(false);
  expect(acceptsRuntime('^0.0.3', '0.0.3')).toBe(true);
  expect(acceptsRuntime('^0.0.3', '0.0.4')).toBe(false);
});

it('refuses what it cannot read: another kind of range, a pre-release, a version that is not one', () => {
  for (const range of ['1.0.0', '~1.0.0', '>=1.0.0', '^1.0', '^1.0.0-beta.1', '', '^x.y.z']) expect(acceptsRuntime(range, '1.0.0')).toBe(false);
  expect(acceptsRuntime('^1.0.0', 'not a version')).toBe(false);
});

describe('refuseOtherRuntime, on the shared modules a remote’s manifest lists', () => {
  const shared = (range: string) => [
    { name: 'react', requiredVersion: '^19.0.0' },
    { name: '@invest/runtime', requiredVersion: range },
  ];

  it('lets a remote built for the page’s runtime through', () => {
    expect(() => refuseOtherRuntime('mf_account', shared(`^${PAGE_RUNTIME_VERSION}`))).not.toThrow();
  });

  it('refuses one built for another major, naming the remote and both versions', () => {
    expect(() => refuseOtherRuntime('mf_account', shared('^2.0.0'))).toThrow(`mf_account needs @invest/runtime ^2.0.0; this page provides ${PAGE_RUNTIME_VERSION}`);
  });

  it('lets through a remote that does not use the runtime', () => {
    expect(() => refuseOtherRuntime('mf_account', [{ name: 'react', requiredVersion: '^19.0.0' }])).not.toThrow();
    expect(() => refuseOtherRuntime('mf_account', undefined)).not.toThrow();
  });
});
