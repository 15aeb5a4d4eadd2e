// The runtime plugin that publishes the shell's federation runtime for the remotes (what the option
// `provideExternalRuntime` adds), imported by package name so that webpack resolves its ES module build through the
// package's exports; the option itself requires the CommonJS build, which brings a second, CommonJS copy of the runtime.
export { default } from '@module-federation/inject-external-runtime-core-plugin';
