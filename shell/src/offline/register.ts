/**
 * Registers the service worker that lets the app open offline (sw.ts) once the page has loaded, so it costs the
 * page's start nothing (the worker installs on its own thread). Nothing where the browser has no service workers
 * (plain http off localhost).
 */
export function registerServiceWorker(): void {
  const workers = navigator.serviceWorker;
  // A page the worker does not control (the first visit) fetched its files before the worker existed: it hands the
  // worker their list, kept by the rules of the fetches it sees (sw.ts), so the next load finds them offline too.
  const handOver = !workers?.controller;
  addEventListener('load', () =>
    setTimeout(() =>
      workers?.register('/sw.js').then(
        () => {
          if (handOver) void workers.ready.then((r) => r.active?.postMessage(performance.getEntriesByType('resource').map((e) => e.name)));
        },
        () => undefined,
      ),
    ),
  );
}
