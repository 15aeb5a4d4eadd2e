// The contract's plain values (no zod) that @invest/shared gives every web app, whose start may import them. One
// area's rules (trading, IPOs, block offers, funds, loans) are @invest/shared/values/<area>: the app of that area
// bundles them (constants and pure functions, nothing to share), and no other page's start carries them.
export * from './rules';
export * from './wallet';
export * from './market';
export * from './chat';
export * from './account';
export * from './deployment';
