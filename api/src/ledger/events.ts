/**
 * Wallet change notices: after a ledger transaction commits, every user whose account it touched is told, and so is
 * the user whose deposit, withdrawal or loan an operator decided (money moved or not), so an open
 * account or records screen refreshes at once instead of at its next poll. A hub tells the listeners of this process;
 * with several API replicas its relays (api/src/replicas) carry each notice to the other processes, which deliver it
 * to theirs.
 */
export type WalletListener = () => void;
/** Carries a notice to the other replicas; resolves once it is on its way. */
export type Relay = (userIds: number[]) => Promise<void>;

export class WalletEvents {
  private readonly byUser = new Map<number, Set<WalletListener>>();
  private readonly relays = new Set<Relay>();

  /** Calls `listener` after each committed change of the user's money or requests; returns the unsubscribe. */
  subscribe(userId: number, listener: WalletListener): () => void {
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.byUser.delete(userId);
    };
  }

  listeners(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /**
   * Tells the users' listeners here and, through the relays, on every other replica. Resolves once relayed (at once
   * without replicas); a relay that fails is the relay's to log: the notice here is delivered regardless.
   */
  publish(userIds: Iterable<number>): Promise<void> {
    const ids = [...new Set(userIds)];
    this.deliver(ids);
    if (!ids.length || !this.relays.size) return Promise.resolve();
    return Promise.allSettled([...this.relays].map((relay) => relay(ids))).then(() => undefined);
  }

  /** Tells the users' listeners in this process only: a notice another replica published. */
  deliver(userIds: Iterable<number>): void {
    for (const id of userIds) for (const listener of [...(this.byUser.get(id) ?? [])]) listener();
  }

  /** Adds a carrier to the other replicas; returns its removal. */
  relay(relay: Relay): () => void {
    this.relays.add(relay);
    return () => void this.relays.delete(relay);
  }
}

export const walletEvents = new WalletEvents();
