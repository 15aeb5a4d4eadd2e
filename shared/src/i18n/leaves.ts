/**
 * The shape of a namespace's texts in a language other than English: the same keys, any strings. Each app's
 * `src/i18n/<language>.ts` is typed `Leaves<typeof en>`, which makes it carry exactly English's keys.
 */
export type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };
