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
