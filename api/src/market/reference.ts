/**
 * Reference data: the instruments the app knows and the categories (regions) of the markets screen, loaded from
 * data/instruments.json and validated with zod, including the cross references (unique ids and symbols, index members
 * and category entries that exist).
 */
import { z } from 'zod';
import raw from './data/instruments.json';
import { SESSION_IDS } from './sessions';
import { KINDS, MARKETS, type Category, type Instrument, type InstrumentKind, type Market, type Region } from './types';

const SymbolCode = z.string().regex(/^[A-Z0-9^=&.\-]{1,24}$/, 'symbol: upper-case letters, digits and ^ = & . - only');

const InstrumentEntry = z.strictObject({
  id: z.number().int().positive(),
  symbol: SymbolCode,
  name: z.string().min(1),
  market: z.enum(MARKETS),
  exchange: z.string().min(1),
  kind: z.enum(KINDS),
  currency: z.string().regex(/^[A-Z]{3}$/),
  refPrice: z.number().positive().finite(),
  volatility: z.number().positive().max(2),
  drift: z.number().min(-0.5).max(0.5).optional(),
  avgVolume: z.number().int().nonnegative().optional(),
  session: z.enum(SESSION_IDS),
  precision: z.number().int().min(0).max(7),
  members: z.array(SymbolCode).min(1).optional(),
  bill: z.strictObject({ face: z.number().positive(), days: z.number().int().positive() }).optional(),
});

const CategoryEntry = z.strictObject({
  category_id: z.number().int().positive(),
  category_code: z.string().min(1),
  category_name: z.string().min(1),
  stocks: z.array(z.strictObject({ id: z.number().int().positive(), stock_name: z.string().min(1), stock_code: SymbolCode })),
});

export const ReferenceFile = z.strictObject({
  version: z.literal(1),
  /** Trading date on which every instrument's simulated daily close equals its reference price. */
  anchorDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  notes: z.array(z.string()).optional(),
  instruments: z.array(InstrumentEntry).min(1),
  categories: z.array(CategoryEntry),
});
export type ReferenceFile = z.infer<typeof ReferenceFile>;

export interface ReferenceData {
  anchorDate: string;
  instruments: readonly Instrument[];
  categories: readonly Category[];
  /** Look-up by upper-cased symbol. */
  bySymbol: ReadonlyMap<string, Instrument>;
  byId: ReadonlyMap<number, Instrument>;
}

/** Average daily volume when the file gives none: by kind and market, then varied per symbol. */
function defaultVolume(kind: InstrumentKind, market: Market): number {
  switch (kind) {
    case 'index': return market === 'US' ? 2_500_000_000 : 300_000_000;
    case 'stock': return market === 'US' ? 25_000_000 : 6_000_000;
    case 'forex': return 150_000;
    case 'future': return 200_000;
    case 'bond': return 40_000;
    case 'bill': return 2_000_000;
  }
}

const DEFAULT_DRIFT: Record<InstrumentKind, number> = { index: 0.09, stock: 0.09, forex: 0, future: 0, bond: 0, bill: 0 };

/** Decimals of an instrument's prices: forex and bonds (per 100 of face value) 4, bills 7 (as CETES are quoted), else 2. */
const PRECISION: Record<InstrumentKind, number> = { index: 2, stock: 2, forex: 4, future: 2, bond: 4, bill: 7 };

/** Validate a reference file (by default the bundled one) and build the typed, cross-checked reference data. */
export function loadReferenceData(input: unknown = raw): ReferenceData {
  const file = ReferenceFile.parse(input);
  const problems: string[] = [];
  if (Number.isNaN(Date.parse(`${file.anchorDate}T00:00:00Z`))) problems.push(`anchorDate is not a date: ${file.anchorDate}`);

  const bySymbol = new Map<string, Instrument>();
  const byId = new Map<number, Instrument>();
  const instruments: Instrument[] = [];
  for (const e of file.instruments) {
    const inst: Instrument = {
      id: e.id,
      symbol: e.symbol,
      name: e.name,
      market: e.market,
      exchange: e.exchange,
      kind: e.kind,
      currency: e.currency,
      refPrice: e.refPrice,
      volatility: e.volatility,
      drift: e.drift ?? DEFAULT_DRIFT[e.kind],
      avgVolume: e.avgVolume ?? defaultVolume(e.kind, e.market),
      session: e.session,
      precision: e.precision,
      ...(e.members ? { members: Object.freeze([...e.members]) } : {}),
      ...(e.bill ? { bill: Object.freeze({ ...e.bill }) } : {}),
    };
    if (bySymbol.has(inst.symbol)) problems.push(`duplicate symbol ${inst.symbol}`);
    if (byId.has(inst.id)) problems.push(`duplicate id ${inst.id} (${inst.symbol})`);
    const expectedPrecision = PRECISION[inst.kind];
    if (inst.precision !== expectedPrecision) problems.push(`${inst.symbol}: precision ${inst.precision}, expected ${expectedPrecision}`);
    if ((inst.kind === 'bill') !== Boolean(inst.bill)) problems.push(`${inst.symbol}: a bill, and only a bill, has a face value and term`);
    if (inst.members && inst.kind !== 'index') problems.push(`${inst.symbol}: only an index lists members`);
    bySymbol.set(inst.symbol, inst);
    byId.set(inst.id, inst);
    instruments.push(Object.freeze(inst));
  }
  for (const inst of instruments) {
    const seen = new Set<string>();
    for (const m of inst.members ?? []) {
      const member = bySymbol.get(m);
      if (!member) problems.push(`${inst.symbol}: member ${m} is not an instrument`);
      else if (member.kind !== 'stock') problems.push(`${inst.symbol}: member ${m} is not a stock`);
      if (seen.has(m)) problems.push(`${inst.symbol}: member ${m} listed twice`);
      seen.add(m);
    }
  }
  const categoryIds = new Set<number>();
  for (const c of file.categories) {
    if (categoryIds.has(c.category_id)) problems.push(`duplicate category_id ${c.category_id}`);
    categoryIds.add(c.category_id);
    for (const s of c.stocks) {
      const inst = bySymbol.get(s.stock_code);
      if (!inst) problems.push(`category ${c.category_code}: ${s.stock_code} is not an instrument`);
      else if (inst.id !== s.id || inst.name !== s.stock_name) {
        problems.push(`category ${c.category_code}: ${s.stock_code} has id ${s.id} / name "${s.stock_name}", instrument has ${inst.id} / "${inst.name}"`);
      }
    }
  }
  if (problems.length) throw new Error(`Invalid market reference data:\n- ${problems.join('\n- ')}`);

  return {
    anchorDate: file.anchorDate,
    instruments: Object.freeze(instruments),
    categories: Object.freeze(file.categories.map((c) => Object.freeze({ ...c, stocks: c.stocks.map((s) => ({ ...s })) }))),
    bySymbol: new Map([...bySymbol].map(([k, v]) => [k.toUpperCase(), v])),
    byId,
  };
}

/** The country an instrument trades in: a stock's or index's market, a bond's or bill's currency; forex and futures none. */
export function regionOf(inst: Instrument): Region | null {
  if (inst.market === 'IN' || inst.market === 'US' || inst.market === 'MX') return inst.market;
  if (inst.market !== 'CGI') return null;
  const byCurrency: Record<string, Region> = { INR: 'IN', USD: 'US', MXN: 'MX' };
  return byCurrency[inst.currency] ?? null;
}

/**
 * The reference data a deployment lists: the instruments of `regions` (and forex and futures, which belong to no
 * country), and their categories in the order of `regions`, so the deployment's home market comes first.
 */
export function listedReference(ref: ReferenceData, regions: readonly Region[]): ReferenceData {
  const listed = (inst: Instrument) => {
    const region = regionOf(inst);
    return region === null || regions.includes(region);
  };
  const instruments = Object.freeze(ref.instruments.filter(listed));
  const rank = (code: string) => regions.indexOf(code as Region);
  const categories = ref.categories.filter((c) => rank(c.category_code) >= 0).sort((a, b) => rank(a.category_code) - rank(b.category_code));
  return {
    anchorDate: ref.anchorDate,
    instruments,
    categories: Object.freeze(categories),
    bySymbol: new Map(instruments.map((i) => [i.symbol.toUpperCase(), i])),
    byId: new Map(instruments.map((i) => [i.id, i])),
  };
}

let bundled: ReferenceData | undefined;
/** The bundled reference data, validated once. */
export function referenceData(): ReferenceData {
  bundled ??= loadReferenceData();
  return bundled;
}
