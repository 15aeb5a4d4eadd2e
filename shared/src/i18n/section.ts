/** The shape of a text tree: the same keys, any strings. */
export type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };

/**
 * A domain's texts in all four languages side by side (a team owns its section file).
 * English is the reference; the type makes every other language carry exactly its keys.
 */
export function section<T>(texts: { en: T; zh: Leaves<T>; es: Leaves<T>; de: Leaves<T> }) {
  return texts;
}
