/**
 * @jest-environment node
 */
import refuseOtherRuntime, { acceptsRuntime, PAGE_RUNTIME_VERSION } from '../src/compatibility';

it('accepts a remote built for the page’s major at or below its version, and no other', () => {
  expect(acceptsRuntime('^1.0.0', '1.0.0')).toBe(true);
  expect(acceptsRuntime('^1.2.0', '1.4.1')).toBe(true);
  // A remote built against a newer minor needs the shell deployed with it first.
  expect(acceptsRuntime('^1.5.0', '1.4.9')).toBe(false);
  // Another major, either way.
  expect(acceptsRuntime('^2.0.0', '1.9.0')).toBe(false);
  expect(acceptsRuntime('^1.0.0', '2.0.0')).toBe(false);
});

describe('the shell’s federation runtime reads a remote’s manifest through the runtime check', () => {
  const URL = 'http://localhost/remotes/account/0.3.0-def/mf-manifest.json';
  const manifestOf = (range: string) => JSON.stringify({ shared: [{ name: 'react', requiredVersion: '^19.0.0' }, { name: '@invest/runtime', requiredVersion: range }] });
  const hook = refuseOtherRuntime().fetch!;
  const remote = { name: 'mf_account' } as never;

  it('hands a remote built for the page’s runtime its manifest, downloaded once', async () => {
    const body = manifestOf(`^${PAGE_RUNTIME_VERSION}`);
    global.fetch = jest.fn().mockResolvedValue(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
    const res = (await hook(URL, {}, remote)) as Response;
    expect(global.fetch).toHaveBeenCalledTimes(1);
    expect(await res.json()).toEqual(JSON.parse(body));
  });

  it('refuses one built for another major, naming both versions, so its entry never runs', async () => {
    global.fetch = jest.fn().mockResolvedValue(new Response(manifestOf('^2.0.0'), { status: 200 }));
    await expect(hook(URL, {}, remote)).rejects.toThrow(`mf_account needs @invest/runtime ^2.0.0; this page provides ${PAGE_RUNTIME_VERSION}`);
  });

  it('leaves a failed download to the federation runtime, as it was', async () => {
    global.fetch = jest.fn().mockResolvedValue(new Response('', { status: 404 }));
    expect(((await hook(URL, {}, remote)) as Response).status).toBe(404);
  });
});
