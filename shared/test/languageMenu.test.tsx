import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { storage, SESSION_KEYS } from '@invest/runtime';
import { languagesOf, offeredLanguages } from '../src/contract/values/deployment';
import { answer, inputsOf, renderAt, setup } from '../src/testing';
import { LanguageMenu } from '../src/ui/LanguageMenu';

let languages: string | null = null;

beforeAll(setup);
beforeEach(() => {
  languages = null;
  answer({ '/v2/config': () => [{ tag: 'currency', value: 'MXN' }, ...(languages === null ? [] : [{ tag: 'languages', value: languages }])] });
});

async function offered(): Promise<string[]> {
  fireEvent.click(await screen.findByRole('button', { name: 'Language' }));
  await waitFor(() => expect(inputsOf('/v2/config').length).toBeGreaterThan(0));
  await new Promise((r) => setTimeout(r, 0));
  return within(screen.getByRole('dialog')).getAllByRole('button').map((b) => b.textContent ?? '').filter((t) => t !== 'Close');
}

it('offers English only when the deployment chooses nothing, as the spec says', async () => {
  renderAt('/', <LanguageMenu />);
  expect(await offered()).toEqual(['English✓']);
});

it("offers the deployment's languages in its order, each in its own words", async () => {
  languages = 'es,en';
  renderAt('/', <LanguageMenu />);
  fireEvent.click(await screen.findByRole('button', { name: 'Language' }));
  await within(screen.getByRole('dialog')).findByRole('button', { name: 'Español' });
  expect(within(screen.getByRole('dialog')).getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['Español', 'English✓']));
});

it('works on a page without a query client (the login page)', async () => {
  languages = 'en,de';
  render(<LanguageMenu />);
  fireEvent.click(await screen.findByRole('button', { name: 'Language' }));
  expect(await within(screen.getByRole('dialog')).findByRole('button', { name: 'Deutsch' })).toBeTruthy();
});

it('stores the choice and reloads the page in it', async () => {
  // jsdom cannot load a page: the reload shows as its "not implemented" error, caught here instead of printed.
  const jsdomErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  languages = 'en,zh,es,de';
  renderAt('/', <LanguageMenu />);
  fireEvent.click(await screen.findByRole('button', { name: 'Language' }));
  fireEvent.click(await within(screen.getByRole('dialog')).findByRole('button', { name: 'Deutsch' }));
  expect(storage.get(SESSION_KEYS.locale)).toBe('de');
  expect(jsdomErrors).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining('Not implemented: navigation') }));
  jsdomErrors.mockRestore();
});

it('reads a setting strictly: known codes, none twice, English among them', () => {
  expect(languagesOf('en,es')).toEqual(['en', 'es']);
  expect(languagesOf('es, en')).toEqual(['es', 'en']);
  for (const bad of ['es', 'en,fr', 'en,en', '']) expect(languagesOf(bad)).toBeNull();
  expect(offeredLanguages(undefined)).toEqual(['en']);
  expect(offeredLanguages('nonsense')).toEqual(['en']);
});
