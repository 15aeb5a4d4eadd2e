// Loans: the contract's plain values (no zod), which the web apps' start may import.

/** Loan states (spec §4, labels by index): unapplied, applying, approved, rejected, unpaid, paid. */
export const LOAN_STATE = { applying: 1, approved: 2, rejected: 3, unpaid: 4, paid: 5 } as const;
export const LOAN_STATE_LABELS = ['unapplied', 'applying', 'approved', 'rejected', 'unpaid', 'paid'] as const;

/** Spec §9: a credit score of 80 or more is shown as positive; 100 by default. */
export const CREDIT_SCORE_POSITIVE = 80;
