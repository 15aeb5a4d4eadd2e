import { formatPrice, formatPriceIn } from '@invest/shared';

/** A price per share in the issue's own currency (US$, ₹), 2 decimals. */
export const sharePrice = (price: number, currency: string): string => formatPriceIn(price, currency, 2);

/** Share counts in the language's number format, no decimals. */
export const shares = (n: number): string => formatPrice(n, 0);
