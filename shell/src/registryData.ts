/**
 * remotes.json inside the page: the server that composes a route's page puts the registry in it as a JSON data block,
 * so the shell registers the remotes as its entry runs, instead of after a request for the file whose answer waits
 * behind the shell's own scripts. A page without it (the shell's page as built, which the service worker opens
 * offline; the dev server's) fetches remotes.json. Shared with the page server (@invest/web), which writes the block.
 */
export const REGISTRY_DATA_ID = 'remotes-registry';

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
