/**
 * Each remote's App and the shell's route table agree: every <Route path> an App declares is routed to that remote
 * by the shell, and every shell route a remote owns is one its App declares. The Apps render under a recording
 * router, so the check reads the routes React would mount, not their source text.
 */
import { isValidElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { matchPath, matchRoutes } from 'react-router-dom';
import { APP_NAMES, ROUTES, routeFor } from '../shell/src/routes';

const mockDeclared: string[] = [];

jest.mock('react-router-dom', () => {
  const actual = jest.requireActual<typeof import('react-router-dom')>('react-router-dom');
  const { Children } = jest.requireActual<typeof import('react')>('react');
  /** Route paths under `children`, nested routes joined to their parents'. */
  const pathsOf = (children: ReactNode, base = ''): string[] =>
    Children.toArray(children).flatMap((child) => {
      if (!isValidElement<{ path?: string; children?: ReactNode }>(child)) return [];
      const own = child.props.path ?? '';
      const full = own.startsWith('/') ? own : `${base.replace(/\/$/, '')}/${own}`;
      return [...(child.props.path ? [full] : []), ...pathsOf(child.props.children, full)];
    });
  return {
    ...actual,
    BrowserRouter: ({ children }: { children: ReactNode }) => children,
    Routes: ({ children }: { children: ReactNode }) => {
      mockDeclared.push(...pathsOf(children));
      return null;
    },
  };
});

// The Apps render while the suite is collected, before any i18n set-up could run: titles may stay keys.
jest.mock('@invest/runtime', () => ({
  ...jest.requireActual<typeof import('@invest/runtime')>('@invest/runtime'),
  useTranslation: () => ({ t: (key: string) => key }),
}));

function declaredRoutes(app: string): string[] {
  mockDeclared.length = 0;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each remote's App, by its folder in apps.json
  const { App } = require(`../${app}/src/App`) as { App: () => ReactNode };
  render(<App />).unmount();
  return [...mockDeclared];
}

/** Concrete URLs a pattern matches: every `:param` filled, each optional segment present and absent. */
function examples(pattern: string): string[] {
  const fill = (p: string) => p.replace(/:(\w+)/g, 'x$1');
  const withOptional = fill(pattern.replace(/\?/g, ''));
  const withoutOptional = fill(pattern.replace(/\/:\w+\?/g, '')) || '/';
  return [...new Set([withOptional, withoutOptional])];
}

describe.each(APP_NAMES.map((app) => [app]))('%s', (app) => {
  const declared = declaredRoutes(app);
  const owned = ROUTES.filter((r) => r.owner === app).map((r) => r.pattern);

  it('declares routes', () => expect(declared.length).toBeGreaterThan(0));

  it.each(declared)('the shell routes %s to it', (pattern) => {
    for (const url of examples(pattern)) expect(`${url} → ${routeFor(url)?.owner}`).toBe(`${url} → ${app}`);
  });

  it.each(owned)('its App declares the shell route %s', (pattern) => {
    const routes = declared.map((path) => ({ path }));
    for (const url of examples(pattern)) expect(`${url} → ${matchRoutes(routes, url)?.[0]?.route.path}`).not.toMatch(/undefined$/);
  });
});

// The shell matches without react-router (it stays off the login screen's path): it must route as matchPath would.
describe("the shell's matcher", () => {
  const urls = [...ROUTES.flatMap((r) => examples(r.pattern)), '/nope', '/stock/x', '/news/1/2']
    .flatMap((url) => [url, `${url}/`, url.toUpperCase(), `${url}/x`]);
  it.each(urls)('routes %s as matchPath does', (url) => {
    expect(routeFor(url)).toBe(ROUTES.find((r) => matchPath(r.pattern, url)) ?? null);
  });
});
