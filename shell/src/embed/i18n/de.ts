import type { Leaves } from '@invest/shared';
import type { en } from './en';

/** German: a chunk of its own, loaded only for a page in German. */
export const de: Leaves<typeof en> = {
  embed: {
    quote: 'Kurs von {{name}}',
    open: 'Markt geöffnet',
    closed: 'Markt geschlossen',
    live: 'Live',
    simulated: 'Simulierte Kurse',
    missing: 'Kein Instrument angegeben',
    missingBody: 'Gib eines in der Adresse an, z. B. iframe.html?symbol=AAPL',
    notFound: 'Kein Instrument hat den Code {{symbol}}',
    notFoundBody: 'Prüfe den Code in der Adresse.',
  },
};
