import type { Leaves } from '@invest/shared';
import type { en } from './en';

/** Spanish: a chunk of its own, loaded only for a page in Spanish. */
export const es: Leaves<typeof en> = {
  embed: {
    quote: 'Cotización de {{name}}',
    open: 'Mercado abierto',
    closed: 'Mercado cerrado',
    live: 'En vivo',
    simulated: 'Precios simulados',
    missing: 'Ningún instrumento indicado',
    missingBody: 'Indica uno en la dirección, p. ej. iframe.html?symbol=AAPL',
    notFound: 'Ningún instrumento tiene el código {{symbol}}',
    notFoundBody: 'Revisa el código de la dirección.',
  },
};
