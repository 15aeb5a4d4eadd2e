/**
 * Wallet change notices: after a ledger transaction commits, every user whose account it touched is told, and so is
 * the user whose deposit, withdrawal or loan an operator decided (money moved or not), so an open
 * account or records screen refreshes at once instead of at its next poll. In-process; with several API replicas a Redis
 * channel would carry `publish` to the others (the seam is this class).
 */
export type WalletListener = () => void;

export class WalletEvents {
  private readonly byUser = new Map<number, Set<WalletListener>>();

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

  publish(userIds: Iterable<number>): void {
    for (const id of userIds) for (const listener of [...(this.byUser.get(id) ?? [])]) listener();
  }
}

export const walletEvents = new WalletEvents();
