import { screen } from '@testing-library/react';
import { AppRoutes } from '../src/App';
import { sanitizeArticle } from '../src/news/sanitize';
import { answer, renderAt, setup } from '@invest/shared/testing';
import { texts } from '../src/i18n';

const HOSTILE = [
  '<p>Markets rallied <b>today</b>.</p>',
  '<script>window.__pwned = 1; alert(1)</script>',
  '<img src="x" onerror="window.__pwned = 2; alert(2)">',
  '<a href="javascript:window.__pwned=3">read more</a>',
  '<a href="JaVaScRiPt:alert(4)">again</a>',
  '<svg><script>alert(5)</script></svg>',
  '<iframe src="javascript:alert(6)"></iframe>',
  '<div onclick="alert(7)" style="position:fixed;inset:0">cover</div>',
  '<a href="https://example.com/report">report</a>',
].join('');

beforeAll(() => setup(texts));
afterEach(() => {
  jest.clearAllMocks();
  delete (window as unknown as Record<string, unknown>).__pwned;
});

it('renders a hostile article inert: no script element, no event handlers, no javascript: links', async () => {
  answer({
    '/stock/new/index': ({ id }) => ({
      id,
      title: 'Sensex hits a record',
      subhead: 'Banks lead the gains',
      img: 'https://example.com/cover.jpg',
      content: HOSTILE,
      created_at: '2025-11-28T10:00:00Z',
      updated_at: '2025-11-28T10:00:00Z',
    }),
  });
  renderAt('/news/7', <AppRoutes />);
  const content = await screen.findByTestId('article-content');
  expect(screen.getByText('Sensex hits a record')).toBeTruthy();
  expect(screen.getByText('Banks lead the gains')).toBeTruthy();
  expect(content.textContent).toContain('Markets rallied today.');

  const article = screen.getByTestId('article');
  expect(article.querySelectorAll('script, iframe, svg, style')).toHaveLength(0);
  for (const el of Array.from(article.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      expect(attr.name.startsWith('on')).toBe(false);
      expect(attr.name).not.toBe('style');
      expect(attr.value.replace(/\s/g, '').toLowerCase()).not.toContain('javascript:');
    }
  }
  expect(content.querySelector('img')?.getAttribute('onerror')).toBeNull();
  const safe = content.querySelector('a[href="https://example.com/report"]');
  expect(safe?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  expect((window as unknown as Record<string, unknown>).__pwned).toBeUndefined();
});

it('sanitizes without touching harmless formatting', () => {
  expect(sanitizeArticle('<h2>Title</h2><p>A <em>b</em></p><ul><li>c</li></ul>')).toBe('<h2>Title</h2><p>A <em>b</em></p><ul><li>c</li></ul>');
});

it('an image without text is marked decorative; one with text keeps it', () => {
  const html = sanitizeArticle('<img src="/a.png"><img src="/b.png" alt="Results chart">');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  expect([...doc.querySelectorAll('img')].map((i) => i.getAttribute('alt'))).toEqual(['', 'Results chart']);
});

it('an article that does not exist says so', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  answer({});
  renderAt('/news/999', <AppRoutes />);
  expect(await screen.findByText('This article does not exist or was removed')).toBeTruthy();
});
