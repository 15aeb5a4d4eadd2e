// The operators' console's page (/ops/): a plain bundle of its own, with its own session beside the investor's.
import { session, ToastHost } from '@invest/shared';
import { mountPage } from '@invest/shared/mount-page';
import '@invest/shared/styles.css';
import { App } from './App';
import { texts } from './i18n';
import { OPS_SESSION_PREFIX } from './session';

// Before anything reads the session: the operator's token is never the investor's on the same origin.
session.keepUnder(OPS_SESSION_PREFIX);

void mountPage(
  <>
    <ToastHost />
    <App />
  </>,
  texts,
);
