// IPO: the contract's plain values (no zod), which the web apps' start may import.

/**
 * An issue's status. Only 'Forthcoming' takes applications (spec §4). Operators move an issue along
 * Upcoming → Forthcoming → Closed (and back to Forthcoming), or cancel it (its held money is released); 'Allotted' is
 * set by the allotment alone. Allotted and Cancelled are final.
 */
export const IPO_STATUSES = ['Upcoming', 'Forthcoming', 'Closed', 'Allotted', 'Cancelled'] as const;
export type IpoStatusName = (typeof IPO_STATUSES)[number];
/** Spec §9: the only status that allows applying. */
export const IPO_APPLICABLE_STATUS: IpoStatusName = 'Forthcoming';
/** The statuses an operator may set by hand, from each status. */
export const IPO_STATUS_MOVES: Readonly<Record<IpoStatusName, readonly IpoStatusName[]>> = {
  Upcoming: ['Forthcoming', 'Cancelled'],
  Forthcoming: ['Closed', 'Cancelled'],
  Closed: ['Forthcoming', 'Cancelled'],
  Allotted: [],
  Cancelled: [],
};
/** The statuses an allotment may start from (it closes the issue). */
export const IPO_ALLOTTABLE: readonly IpoStatusName[] = ['Forthcoming', 'Closed'];

/** Spec §9: the quantity step buttons change it by 100; an issue's lot (its step) defaults to this. */
export const IPO_QUANTITY_STEP = 100;

/**
 * The IPO orders screen's two tabs (spec §2): 0 Application Records, 1 Sales Record (the sales of allotted shares).
 */
export const IPO_ORDER_TABS = { applications: 0, sales: 1 } as const;

/**
 * An application's status (spec §4, application tab): 1 pending (money held), 2 success (shares allotted: the held
 * money captured for them, the rest released), 3 failed (nothing allotted, or the issue cancelled: all released).
 * A sale's status (sales tab): 1 success; anything else shows as failed.
 */
export const IPO_APPLICATION_STATUS = { pending: 1, success: 2, failed: 3 } as const;
export const IPO_SALE_STATUS = { success: 1 } as const;

/** 'TBA' is shown for the quantities when min and max are both 0 (spec §2); such an issue takes no application. */
export const ipoIsTba = (ipo: { min: number; max: number }): boolean => ipo.min === 0 && ipo.max === 0;

/** Whether an issue takes applications now: Forthcoming, and its quantities announced. */
export const ipoOpen = (ipo: { status: string; min: number; max: number }): boolean => ipo.status === IPO_APPLICABLE_STATUS && !ipoIsTba(ipo);

export type IpoQuantityIssue = 'ipoQuantityBelowMin' | 'ipoQuantityAboveMax' | 'ipoQuantityNotInLots';

/**
 * What the server enforces of an application's quantity (spec §5, 'clamped to min..max, steps of 100'): a whole
 * number of the issue's lots (a lot is 100 unless the issue says otherwise), at least min and at most max. The error
 * key, or null.
 */
export function ipoQuantityIssue(count: number, ipo: { min: number; max: number; lot: number }): IpoQuantityIssue | null {
  if (!Number.isSafeInteger(count) || count < ipo.min || count <= 0) return 'ipoQuantityBelowMin';
  if (count > ipo.max) return 'ipoQuantityAboveMax';
  if (count % ipo.lot !== 0) return 'ipoQuantityNotInLots';
  return null;
}

/** What the quantity field shows for typed text: digits only, clamped to min..max (spec §5). */
export function clampIpoQuantity(text: string, ipo: { min: number; max: number }): number {
  const digits = text.replace(/\D/g, '');
  const n = digits === '' ? ipo.min : Number(digits);
  return Math.min(ipo.max, Math.max(ipo.min, Number.isSafeInteger(n) ? n : ipo.max));
}

/** A step button: ±step (100), kept within min..max. */
export const stepIpoQuantity = (count: number, dir: 1 | -1, ipo: { min: number; max: number; lot?: number }): number =>
  Math.min(ipo.max, Math.max(ipo.min, count + dir * (ipo.lot ?? IPO_QUANTITY_STEP)));

/** The code as shown: without the .BO / .NS suffix (spec §2, §9). */
export const ipoCode = (symbol: string): string => symbol.replace(/\.(BO|NS)$/i, '');
