/**
 * The web benchmark's cheap phone: its CPU (Chromium's throttling of the page's target) and its link, for everything
 * the browser asks of the server, the page's service worker included. The link is a TCP proxy in front of the
 * server, not Chromium's network emulation: that emulation belongs to one DevTools target, and emulation given to a
 * page's service worker did not always take (measured: on a first visit the worker's own fetches crossed the link in
 * 5–15 ms in about 3 visits of 5, though every command to throttle it succeeded), so a visit's figures depended on
 * which way that went.
 */
import net from 'node:net';
import type { CDPSession } from '@playwright/test';

/** Slow 4G as the bench has it: 150 ms round trips, 1.6 Mbps down, 750 Kbps up. */
export const PHONE_LINK = { roundTripMs: 150, downBytesPerMs: (1.6 * 1024 * 1024) / 8 / 1000, upBytesPerMs: (750 * 1024) / 8 / 1000 };
/** The phone's CPU: 4x slower than this machine's. */
export const PHONE_CPU_RATE = 4;

/** The page's CPU. Its link is the proxy's (`phoneLinkTo`): ask for the page through it. */
export async function throttleCpu(cdp: CDPSession): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_RATE });
}

/** A link's slice of bytes goes out at most this big, so a large write arrives as it would, a little at a time. */
const SLICE_BYTES = 8 * 1024;

/** One direction of the link: its bytes share its bandwidth, then take half a round trip to arrive. */
class Direction {
  private freeAt = 0;

  constructor(
    private readonly bytesPerMs: number,
    private readonly delayMs: number,
  ) {}

  /** When `bytes` handed over now arrive (ms, `performance.now()`'s clock). */
  arrival(bytes: number): number {
    const start = Math.max(performance.now(), this.freeAt);
    this.freeAt = start + bytes / this.bytesPerMs;
    return this.freeAt + this.delayMs;
  }
}

/** Relays `from` to `to` over `link`, in order; the end, or a failure, follows the last byte. */
function relay(from: net.Socket, to: net.Socket, link: Direction): void {
  let last = 0;
  const at = (fn: () => void) => setTimeout(fn, Math.max(0, last - performance.now()));
  from.on('data', (chunk: Buffer) => {
    for (let i = 0; i < chunk.length; i += SLICE_BYTES) {
      const slice = chunk.subarray(i, i + SLICE_BYTES);
      last = Math.max(link.arrival(slice.length), last);
      at(() => to.destroyed || to.write(slice));
    }
  });
  from.on('end', () => at(() => to.end()));
  from.on('error', () => at(() => to.destroy()));
}

/**
 * A proxy on a free local port to the server on `port`, over the phone's link: every connection through it shares the
 * link's bandwidth each way and waits half its round trip each way.
 */
export async function phoneLinkTo(port: number): Promise<{ port: number; close: () => Promise<void> }> {
  const down = new Direction(PHONE_LINK.downBytesPerMs, PHONE_LINK.roundTripMs / 2);
  const up = new Direction(PHONE_LINK.upBytesPerMs, PHONE_LINK.roundTripMs / 2);
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const server = net.connect(port, '127.0.0.1');
    for (const s of [client, server]) {
      s.setNoDelay(true);
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    relay(client, server, up);
    relay(server, client, down);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    port: (proxy.address() as net.AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        sockets.forEach((s) => s.destroy());
        proxy.close(() => resolve());
      }),
  };
}
