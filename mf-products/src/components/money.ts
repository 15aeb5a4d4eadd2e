import { formatMoney, formatPrice } from '@invest/shared';

/** Money of a product screen (minor units of the deployment currency), to the paisa/centavo as the ledger keeps it. */
export const money = (minor: number, currency: string): string => formatMoney(minor, currency, 2);

/** A return in percent, as the API sends it (4.5 is 4.5 %), in the language's number format: "4.50%". */
export const percent = (value: number): string => `${formatPrice(value, 2)}%`;
