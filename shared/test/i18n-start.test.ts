import { screen } from '@testing-library/react';
import { createElement } from 'react';
import { i18n } from '../src/i18n';
import { SESSION_KEYS, storage } from '@invest/runtime';
import { renderAt, setup } from '../src/testing';
import { Pager } from '../src/ui/Pager';

afterEach(() => storage.remove(SESSION_KEYS.locale));

it('starts in the stored language, its texts loaded before init resolves', async () => {
  storage.set(SESSION_KEYS.locale, 'de');
  await setup();
  expect(i18n.language).toBe('de');
  renderAt('/', createElement(Pager, { page: 1, count: 30, size: 10, onPage: () => {} }));
  expect(screen.getByRole('navigation', { name: 'Seiten' })).toBeTruthy();
  expect(screen.getByTestId('pager-text').textContent).toBe('Seite 1/3');
});

it('starts in English when the stored language cannot load', async () => {
  storage.set(SESSION_KEYS.locale, 'de');
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  // A fresh instance whose German chunk fails, as a failed chunk request does in the browser.
  await jest.isolateModulesAsync(async () => {
    jest.doMock('../src/i18n/de', () => {
      throw new Error('ChunkLoadError');
    });
    const fresh = await import('../src/i18n');
    await fresh.initI18n();
    expect(fresh.i18n.language).toBe('en');
    expect(fresh.i18n.t('common.next')).toBe('Next');
  });
  expect(error).toHaveBeenCalledWith(expect.stringContaining('de texts could not load'), expect.any(Error));
  error.mockRestore();
});

it('a second copy of the library on the page (a remote built against a newer minor) keeps every namespace registered', async () => {
  await setup();
  i18n.addResourceBundle('en', 'shell-test', { nav: { home: 'Home' } }, true, false);
  const runtime = await import('@invest/runtime');
  await jest.isolateModulesAsync(async () => {
    // The remote's own copy of @invest/shared, on the page's one runtime (a federation singleton).
    jest.doMock('@invest/runtime', () => runtime);
    jest.doMock('../src/i18n/en', () => {
      const { en } = jest.requireActual<typeof import('../src/i18n/en')>('../src/i18n/en');
      return { en: { ...en, common: { ...en.common, addedInTheMinor: 'New in the minor' } } };
    });
    const copy = await import('../src/i18n');
    await copy.initI18n();
    expect(copy.i18n).toBe(i18n);
  });
  // The shell's namespace is still there; the copy's shared texts add what the page's lacked, changing none.
  expect(i18n.t('nav.home', { ns: 'shell-test', lng: 'en' })).toBe('Home');
  expect(i18n.t('common.addedInTheMinor', { lng: 'en' })).toBe('New in the minor');
  expect(i18n.t('common.next', { lng: 'en' })).toBe('Next');
});
