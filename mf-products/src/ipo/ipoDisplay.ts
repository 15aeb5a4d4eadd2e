import { currencySymbol, formatPrice } from '@invest/shared';

/** A price per share in the issue's own currency (US $, IN ₹), 2 decimals. */
export const sharePrice = (price: number, marketOrCurrency: string): string => `${currencySymbol(marketOrCurrency)}${formatPrice(price, 2)}`;

/** Share counts in the language's number format, no decimals. */
export const shares = (n: number): string => formatPrice(n, 0);
