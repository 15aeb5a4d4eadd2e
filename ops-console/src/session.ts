/** What the console's session keys start with (`ops.token`…): the investor app's session on the same origin stays apart. */
export const OPS_SESSION_PREFIX = 'ops.';
