/**
 * What the page server puts in a page for the shell's start, as JSON data blocks: remotes.json, so the shell
 * registers the remotes as its entry runs instead of after a request whose answer waits behind the shell's own
 * scripts; and the manifest of the route's remote, which the federation runtime reads before it loads the remote's
 * entry (compatibility.ts hands it over). A page without them (the shell's page as built, which the service worker
 * opens offline; the dev server's) fetches both. Shared with the page server (@invest/web), which writes the blocks.
 */
export const REGISTRY_DATA_ID = 'remotes-registry';
export const MANIFEST_DATA_ID = 'remote-manifest';

/** The registry the page carries, if it carries one that reads as container name → manifest URL. */
export function registryInPage(doc: Document = document): Record<string, string> | null {
  const text = doc.getElementById(REGISTRY_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    const ok = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
    return ok ? (value as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** The text of the manifest at `url` (absolute, or relative to the page), if the page carries that one. */
export function manifestInPage(url: string, doc: Pick<Document, 'getElementById' | 'baseURI'> | undefined = globalThis.document): string | null {
  const el = doc?.getElementById(MANIFEST_DATA_ID);
  const carried = el?.getAttribute('data-url');
  if (!doc || !el || !carried) return null;
  const same = new URL(carried, doc.baseURI).href === new URL(url, doc.baseURI).href;
  return same ? el.textContent : null;
}
