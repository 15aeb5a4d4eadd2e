// @invest/shared/testing: screen-test helpers for every app. Only tests import this (it needs Jest); no app does.
export { answer, inputsOf, goOffline, goOnline, server, failsUntilRecovered, type Handler } from './server';
export { setup, renderAt, testQueryClient, collectToasts, deferred } from './render';
export { fixture, CATEGORIES, withCategories, quote, chart, stockRow, watchEntry } from './fixtures';
export { fakeUserStream } from './stream';
