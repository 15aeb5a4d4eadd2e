/**
 * The web benchmark's cheap phone, for every thread that fetches: the page's and the service worker's. Chromium's
 * network emulation belongs to one DevTools target, and a page's service worker is another target: left alone, what
 * the worker asks of the network (the page's entries and remotes.json, network first) crosses an unthrottled link and
 * a returning visit looks as if those round trips cost nothing.
 */
import type { Browser, CDPSession } from '@playwright/test';

/** Slow 4G as the bench has it: 150 ms round trips, 1.6 Mbps down, 750 Kbps up. */
export const PHONE_LINK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** The phone's CPU: 4x slower than this machine's. */
export const PHONE_CPU_RATE = 4;

/** The page's own target: its CPU and its link. */
export async function throttlePage(cdp: CDPSession): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_RATE });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE_LINK);
}

interface TargetInfo {
  targetId: string;
  type: string;
}

/**
 * Gives every service worker of the browser, running now or started later, the phone's link, until the returned
 * function is called. The bench visits one page at a time, so every worker there is is the visited page's.
 * It does not always take: on a first visit the worker's own fetches were throttled in only about 2 of 5 visits,
 * though each command here succeeded (the worker had asked for its files in 5–15 ms instead of 150+). That is why a
 * first visit's tab opens in ~0.25 s in most rounds and ~0.87 s in the others (four round trips: manifest, entry with
 * its first code, the screen's chunk). A returning visit asks the network for nothing but its page.
 */
export async function throttleServiceWorkers(browser: Browser): Promise<() => Promise<void>> {
  const session = await browser.newBrowserCDPSession();
  let id = 0;
  const throttle = async ({ targetId, type }: TargetInfo) => {
    if (type !== 'service_worker') return;
    // A worker's target takes commands through its browser session (not flattened: Playwright's sessions have no way
    // to address a child session).
    const { sessionId } = await session.send('Target.attachToTarget', { targetId, flatten: false });
    const send = (method: string, params: object) =>
      session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
    await send('Network.enable', {});
    await send('Network.emulateNetworkConditions', PHONE_LINK);
  };
  const throttled = (info: TargetInfo) => void throttle(info).catch(() => undefined);
  // Discovery reports the targets there already too.
  session.on('Target.targetCreated', ({ targetInfo }) => throttled(targetInfo));
  await session.send('Target.setDiscoverTargets', { discover: true });
  return () => session.detach();
}
