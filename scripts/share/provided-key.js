// The share key of a module webpack provides to the share scope, through what webpack modules publish: a provide
// module's public `type` and its stable name (libIdent, `webpack/sharing/provide/<scope>/<key>`).
const PROVIDED = /(?:^|\/)webpack\/sharing\/provide\/[^/]+\/(.+)$/;

/** @returns {string | undefined} the key `module` provides, if it is a provide module */
const providedKeyOf = (module) => (module?.type === 'provide-module' ? PROVIDED.exec(module.libIdent({ context: '' }) ?? '')?.[1] : undefined);

module.exports = { providedKeyOf };
