import { ApiError } from '../http/errors';

/**
 * The deployment's published maximum of one money request (MAX_AMOUNT, the config call's max_amount): a deposit, a
 * withdrawal, a loan, an order's total. Like the minimums, refused before anything is written.
 */
export function checkMaxAmount(amount: number, maxAmount: number): void {
  if (amount > maxAmount) throw new ApiError(422, 'amountTooLarge');
}
