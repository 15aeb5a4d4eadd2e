// jsdom lacks what react-router 7 reads at import time.
const { TextDecoder, TextEncoder } = require('node:util');

globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;

// A screen's first draw loads its lazy chunks; on a busy machine (CI runs suites side by side) that takes longer than
// Testing Library's 1 s default wait for findBy/waitFor.
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
