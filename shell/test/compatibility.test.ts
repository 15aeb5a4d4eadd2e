import { acceptsRuntime, assertRuntimeAccepted, PAGE_RUNTIME_VERSION } from '../src/compatibility';

it('accepts a remote built for the page’s major at or below its version, and no other', () => {
  expect(acceptsRuntime('^1.0.0', '1.0.0')).toBe(true);
  expect(acceptsRuntime('^1.2.0', '1.4.1')).toBe(true);
  expect(acceptsRuntime('^1.4.2', '1.4.2')).toBe(true);
  // A remote built against a newer minor needs the shell deployed with it first.
  expect(acceptsRuntime('^1.5.0', '1.4.9')).toBe(false);
  expect(acceptsRuntime('^1.4.3', '1.4.2')).toBe(false);
  // Another major, either way.
  expect(acceptsRuntime('^2.0.0', '1.9.0')).toBe(false);
  expect(acceptsRuntime('^1.0.0', '2.0.0')).toBe(false);
  // 0.x: a minor is a major.
  expect(acceptsRuntime('^0.3.0', '0.4.0')).toBe(false);
  // A range this build never writes is left to the federation runtime.
  expect(acceptsRuntime('>=1 <3', '2.0.0')).toBe(true);
});

describe('a remote’s manifest read before its entry runs', () => {
  const manifest = (range: string) => ({ ok: true, json: async () => ({ shared: [{ name: 'react', requiredVersion: '^19.0.0' }, { name: '@invest/runtime', requiredVersion: range }] }) });

  it('lets a remote built for the page’s runtime through', async () => {
    global.fetch = jest.fn().mockResolvedValue(manifest(`^${PAGE_RUNTIME_VERSION}`));
    await expect(assertRuntimeAccepted('mf_account', '/remotes/account/0.2.0-abc/mf-manifest.json')).resolves.toBeUndefined();
    expect(global.fetch).toHaveBeenCalledWith('/remotes/account/0.2.0-abc/mf-manifest.json');
  });

  it('refuses one built for another major, naming both versions', async () => {
    global.fetch = jest.fn().mockResolvedValue(manifest('^2.0.0'));
    await expect(assertRuntimeAccepted('mf_account', '/remotes/account/0.3.0-def/mf-manifest.json')).rejects.toThrow(
      `mf_account needs @invest/runtime ^2.0.0; this page provides ${PAGE_RUNTIME_VERSION}`,
    );
  });
});
