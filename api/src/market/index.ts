export * from './types';
export * from './engine';
export * from './provider';
export * from './history-store';
export * from './csv';
export * from './rows';
export { sparkline } from './sparkline';
export { MarketSimulator, createSimulator, type SimulatorOptions, MINUTE_MS, TICK_MS } from './simulator';
export { listedReference, loadReferenceData, referenceData, ReferenceFile, regionOf, type ReferenceData } from './reference';
export { billPrice } from './bills';
export {
  SESSIONS,
  SESSION_IDS,
  type SessionId,
  type SessionDef,
  type SessionOptions,
  type SessionWindow,
  SessionCalendar,
  getCalendar,
  isOpen,
  lastClose,
  nextOpen,
  currentSession,
  alwaysOpenFromEnv,
  isSessionId,
} from './sessions';
