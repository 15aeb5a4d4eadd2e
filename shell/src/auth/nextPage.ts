import { sameAppPath } from '@invest/shared';

/** The login screen's `?next=`: the page the visitor was sent to log in from (the shell's guard sets it). */
const NEXT = 'next';

const nextOf = (search: string) => sameAppPath(new URLSearchParams(search).get(NEXT));

/** Where a login goes: back to `?next=` when it is a page of this app, else home. */
export function pageAfterLogin(search: string = window.location.search): string {
  return nextOf(search) ?? '/';
}

/** An auth screen's address with the current `?next=` kept, so a login reached through register or reset still returns there. */
export function keepingNext(path: string, search: string = window.location.search): string {
  const next = nextOf(search);
  if (!next) return path;
  const [pathname, query] = path.split('?');
  const params = new URLSearchParams(query);
  params.set(NEXT, next);
  return `${pathname}?${params}`;
}
