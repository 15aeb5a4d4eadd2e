export { registerWeb, type WebOptions } from './server';
export { FirstFrames, GATE_SCRIPT_HASH, type DrawnFrame, type FrameAnswers } from './first-frame';
export { builtFileOf, distOf, REMOTES, ROOT, STANDALONE_APPS, WEB_APPS, type WebApp } from './apps';
export { DEFAULT_RELEASES_DIR, deployBuilds, manifestUrlOf, publish, publishAll, releaseDirOf, versionOf, writeRegistry } from './releases';
export { EMBED_ORIGINS_SETTING, EMBED_ORIGINS_TTL_MS } from './embed';
