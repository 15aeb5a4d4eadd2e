/**
 * The shape of a text tree: the same keys, any strings. A domain's texts sit in sections/<domain>/<language>.ts, one
 * file per language so a page loads only its own; English is the reference, and every other language's file is typed
 * `Leaves<typeof en>`, which makes it carry exactly English's keys.
 */
export type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };
