import { useState } from 'react';
import { MINOR_PER_UNIT } from '@invest/shared';

/** What the console needs of a contract schema (from @invest/shared/forms): its safe parse. */
export interface InputSchema<D> {
  safeParse(value: unknown): { success: true; data: D } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A form checked by the contract's schema: what it would send (null while invalid), and each field's broken rule. */
export interface Checked<D> {
  data: D | null;
  /** An error key of `hint.*` by the field's path (`price`, `windows.0`): the first rule broken there. */
  errors: Record<string, string>;
}

/** Checks `values` as the API will (the call's own input schema): the form and the server never disagree. */
export function check<D>(schema: InputSchema<D>, values: unknown): Checked<D> {
  const r = schema.safeParse(values);
  if (r.success) return { data: r.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return { data: null, errors };
}

/** The first error at `path` or under it (`windows.0` holds `windows.0.open`). */
export function errorAt(errors: Record<string, string>, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1];
}

/**
 * Which fields the operator has left: a field shows its error once left (not while first typed into, nor before),
 * and every field once the form is sent.
 */
export function useTouched() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  return {
    touch: (name: string) => setTouched((s) => (s.has(name) ? s : new Set(s).add(name))),
    touchAll: (names: readonly string[]) => setTouched(new Set(names)),
    isTouched: (name: string) => touched.has(name),
    reset: () => setTouched(new Set()),
  };
}

const MONEY = /^(\d{1,13})(?:[.,](\d{1,2}))?$/;

/**
 * A money amount typed in units of the currency (`2500`, `2500.5`, `2500,50`) as integer minor units; NaN for
 * anything else (the contract's Amount refuses it with its own message), undefined for nothing typed.
 */
export function unitsToMinor(text: string): number | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const m = MONEY.exec(t);
  if (!m) return NaN;
  return Number(m[1]) * MINOR_PER_UNIT + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Minor units as a form shows them for editing: units with their cents (250000 → `2500.00`, 250050 → `2500.50`). */
export const minorToUnits = (minor: number): string => (minor / MINOR_PER_UNIT).toFixed(2);

/** A typed value, trimmed; undefined when nothing is typed (the contract's default then applies). */
export const typed = (text: string): string | undefined => text.trim() || undefined;
