export { registerWeb, type WebOptions } from './server';
export { FirstFrames, composePage, framedPage, GATE_SCRIPT_HASH, type DrawnFrame, type FrameAnswers, type FrameSource } from './first-frame';
export { DEFAULT_REMOTES_FILE, defaultRegistry, distOf, REMOTES, ROOT, WEB_APPS, writeDefaultRegistry, type WebApp } from './apps';
