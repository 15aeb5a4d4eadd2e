import { type BankCard, type Deployment } from '@invest/shared';
import { bankCardRules } from '@invest/shared/forms';

/** The fields a card form shows, in the deployment's order (spec §2 and §5). */
export type CardField = 'bank_user' | 'bank' | 'ifsc' | 'bank_card';
export type CardValues = Record<CardField, string>;

export interface FieldSpec {
  name: CardField;
  label: string;
  placeholder?: string;
  /** What the input keeps of what is typed or pasted. */
  clean?: (v: string) => string;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  autoCapitalize?: string;
  /** The most characters the cleaned value keeps (not the input's own cap, which would cut a pasted value's spaces). */
  maxLength?: number;
}

const digits = (v: string) => v.replace(/\D/g, '');
/** IFSC: upper-cased as typed, no spaces (a pasted "sbin 0001234" is SBIN0001234). */
export const cleanIfsc = (v: string) => v.replace(/\s/g, '').toUpperCase();

/** What a field keeps of a typed or pasted value: cleaned first, then cut to its length. */
export const keptValue = (f: FieldSpec, v: string) => (f.clean ? f.clean(v) : v).slice(0, f.maxLength);

/** INR: name, bank, IFSC code, account number. MXN (the generic form): bank name, card number, cardholder. */
export function fieldsOf(form: Deployment['bankForm']): FieldSpec[] {
  if (form === 'ifsc')
    return [
      { name: 'bank_user', label: 'bankCards.holderName', autoComplete: 'name' },
      { name: 'bank', label: 'bankCards.bank', autoComplete: 'off' },
      { name: 'ifsc', label: 'bankCards.ifsc', placeholder: 'bankCards.ifscPlaceholder', clean: cleanIfsc, autoCapitalize: 'characters', maxLength: 11, autoComplete: 'off' },
      { name: 'bank_card', label: 'bankCards.accountNumber', placeholder: 'bankCards.accountNumberPlaceholder', clean: digits, inputMode: 'numeric', autoComplete: 'off', maxLength: 32 },
    ];
  return [
    { name: 'bank', label: 'bankCards.bankName', autoComplete: 'off' },
    { name: 'bank_card', label: 'bankCards.cardNumber', placeholder: 'bankCards.cardNumberPlaceholder', clean: digits, inputMode: 'numeric', autoComplete: 'off', maxLength: 32 },
    { name: 'bank_user', label: 'bankCards.cardholder', autoComplete: 'cc-name' },
  ];
}

/** A form's starting values: empty for a new card; an edited card's saved fields, its number typed again (only the last 4 digits ever leave the server). */
export const initialValues = (card?: BankCard): CardValues => ({
  bank_user: card?.bank_user ?? '',
  bank: card?.bank ?? '',
  ifsc: card?.ifsc ?? '',
  bank_card: '',
});

/**
 * Each field's broken rule (an error key of `hint.*`), by the contract's rules for the deployment's currency, which
 * the API applies too: the form and the server never disagree.
 */
export function fieldErrors(currency: string, values: CardValues): Partial<Record<CardField, string>> {
  const r = bankCardRules(currency).safeParse(values);
  if (r.success) return {};
  const errors: Partial<Record<CardField, string>> = {};
  for (const issue of r.error.issues) {
    const field = issue.path[0] as CardField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** What the add and edit calls send: the values as the rules clean them (IFSC upper-cased, digits only). */
export function payloadOf(currency: string, values: CardValues, card?: BankCard) {
  const c = bankCardRules(currency).parse(values);
  return { bank: c.bank, bank_card: c.bank_card, bank_user: c.bank_user, ifsc: c.ifsc, branch_bank: card?.branch_bank ?? c.branch_bank };
}

/** A card or account number as the list shows it: its last 4 digits only. */
export function maskCard(number: string): string {
  return `**** ${digits(number).slice(-4)}`;
}
