import { z } from 'zod';
import { defineCall, QueryId } from './envelope';
import { routes } from './routes';
import { plainText } from './text';

/** Spec §3 Bank card. `bank_card` is masked to its last 4 digits in every answer. */
export const BankCard = z.object({
  id: z.number().int(),
  bank: z.string(),
  branch_bank: z.string(),
  bank_card: z.string(),
  ifsc: z.string(),
  bank_user: z.string(),
  type: z.literal('bank'),
  /** 1 usable. */
  status: z.number().int(),
  created_at: z.string(),
});
export type BankCard = z.infer<typeof BankCard>;

const Field = (max: number) => plainText(z.string({ error: 'requiredFields' }).trim().min(1, 'requiredFields').max(max, 'invalidInput'));
/** The optional branch name. */
const Branch = plainText(z.string({ error: 'invalidInput' }).trim().max(100, 'invalidInput')).default('');
const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

/** Indian Financial System Code: four letters, a zero, six letters or digits (SBIN0001234). */
export const Ifsc = Field(11)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'invalidIfsc'));

/** An Indian bank account number: 9 to 18 digits. */
export const AccountNumber = Field(32)
  .transform(digitsOnly)
  .pipe(z.string().regex(/^\d{9,18}$/, 'invalidAccountNumber'));

/** Luhn check of a card number. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** CLABE (Mexico's 18-digit account number): the last digit checks the first 17 with weights 3, 7, 1. */
export function clabeValid(digits: string): boolean {
  if (!/^\d{18}$/.test(digits)) return false;
  const weights = [3, 7, 1];
  const sum = [...digits.slice(0, 17)].reduce((s, d, i) => s + ((Number(d) * weights[i % 3]!) % 10), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[17]);
}

/** A Mexican card (16 digits passing Luhn) or CLABE (18 digits with a valid check digit). */
export const MxnCardNumber = Field(32)
  .transform(digitsOnly)
  .pipe(z.string().refine((v) => (/^\d{16}$/.test(v) && luhnValid(v)) || clabeValid(v), 'invalidCardNumber'));

/** The INR form: name, bank, IFSC code, account number. */
export const BankCardInr = z.object({
  bank_user: Field(100),
  bank: Field(100),
  ifsc: Ifsc,
  bank_card: AccountNumber,
  branch_bank: Branch,
});
/** The MXN form: bank name, card number, cardholder. */
export const BankCardMxn = z.object({
  bank: Field(100),
  bank_card: MxnCardNumber,
  bank_user: Field(100),
  branch_bank: Branch,
  ifsc: z.string().trim().max(0, 'invalidInput').default(''),
});

/** The deployment's card rules; forms and the server use the same one. */
export const bankCardRules = (currency: string) => (currency === 'MXN' ? BankCardMxn : BankCardInr);

// The spec's payload: every field as text; the deployment's rules above check them.
const CardFields = {
  bank: z.string({ error: 'requiredFields' }).max(200, 'invalidInput'),
  branch_bank: z.string({ error: 'invalidInput' }).max(200, 'invalidInput').optional(),
  bank_card: z.string({ error: 'requiredFields' }).max(64, 'invalidInput'),
  bank_user: z.string({ error: 'requiredFields' }).max(200, 'invalidInput'),
  ifsc: z.string({ error: 'invalidInput' }).max(64, 'invalidInput').optional(),
};

export const bankList = defineCall({
  ...routes.bankList,
  input: z.strictObject({ type: z.literal('bank', { error: 'invalidInput' }).optional() }),
  output: z.array(BankCard),
});

export const bankAdd = defineCall({
  ...routes.bankAdd,
  input: z.strictObject(CardFields),
  output: BankCard,
});

export const bankEdit = defineCall({
  ...routes.bankEdit,
  input: z.strictObject({
    id: QueryId,
    type: z.literal('bank', { error: 'invalidInput' }).optional(),
    ...CardFields,
  }),
  output: BankCard,
});
