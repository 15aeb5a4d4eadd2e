// The contract's plain values (no zod): what @invest/shared gives the web apps, whose start may import them.
export * from './rules';
export * from './wallet';
export * from './loans';
export * from './market';
export * from './trading';
export * from './chat';
export * from './account';
export * from './offers';
export * from './ipo';
export * from './funds';
export * from './deployment';
