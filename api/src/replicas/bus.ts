/**
 * What several API replicas tell each other, over Redis pub/sub: one subscriber connection per process, whose
 * messages each named channel's handler fans out to this process's listeners. A replica ignores its own messages
 * (it delivered them locally already). Redis keeps nothing of a message: a replica that was not subscribed when it
 * went out never gets it, so `live` says whether this process is hearing the others right now, and `onResumed`
 * tells what must forget what it may have missed.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

interface Envelope {
  from: string;
  body: unknown;
}

export interface BusLog {
  warn(detail: object, message: string): void;
}

export class ReplicaBus {
  /** This process among the replicas. */
  readonly id = randomUUID();
  private readonly handlers = new Map<string, (body: unknown) => void>();
  private readonly resumed = new Set<() => void>();
  private wasLive: boolean;

  constructor(
    /** The commands connection (publish, and what else the process asks Redis). */
    private readonly redis: Redis,
    /** A connection of its own: a subscribed connection takes no other commands. */
    private readonly subscriber: Redis,
    private readonly log: BusLog,
    /** Starts the deployment's channel names. */
    private readonly prefix: string,
  ) {
    // Connected already (connectReplicas connects before it builds the bus): its first loss is one to report.
    this.wasLive = subscriber.status === 'ready';
    subscriber.on('message', (channel: string, raw: string) => this.receive(channel, raw));
    subscriber.on('ready', () => {
      // ioredis subscribes again by itself after a reconnection: from here on this process hears the others.
      if (this.wasLive) return;
      this.wasLive = true;
      for (const fn of this.resumed) fn();
    });
    subscriber.on('close', () => {
      if (this.wasLive) log.warn({}, 'lost the Redis subscription: other replicas are not heard until it is back');
      this.wasLive = false;
    });
  }

  /** Whether this process hears the other replicas now. */
  get live(): boolean {
    return this.subscriber.status === 'ready';
  }

  /** Handles the named channel's messages from the other replicas; call before start(). */
  on(channel: string, handler: (body: unknown) => void): void {
    this.handlers.set(this.prefix + channel, handler);
  }

  /** Calls `fn` each time the subscription comes back after a loss. */
  onResumed(fn: () => void): void {
    this.resumed.add(fn);
  }

  /** Connects and subscribes to every channel with a handler. */
  async start(): Promise<void> {
    await this.subscriber.subscribe(...this.handlers.keys());
  }

  /** Sends `body` to the other replicas; resolves once Redis has passed it on. */
  async publish(channel: string, body: unknown): Promise<void> {
    const envelope: Envelope = { from: this.id, body };
    await this.redis.publish(this.prefix + channel, JSON.stringify(envelope));
  }

  private receive(channel: string, raw: string): void {
    const handler = this.handlers.get(channel);
    if (!handler) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      this.log.warn({ channel }, 'an unreadable message from another replica was dropped');
      return;
    }
    if (envelope.from !== this.id) handler(envelope.body);
  }

  /** Leaves the channels and closes the subscriber (the commands connection is its owner's to close). */
  async close(): Promise<void> {
    this.resumed.clear();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}
