/**
 * @invest/shared/forms: the contract's zod schemas and the forms built from them (spec section 5), for the screens
 * that validate input. A federation singleton of its own, apart from @invest/shared: zod and the schemas load with
 * the first such screen, not with every page's start.
 */
export * from './contract';
export * from './validation';
