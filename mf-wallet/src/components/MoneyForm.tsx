import { useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { digitsOnly, OfflineNote, TextField, useOnline } from '@invest/shared';
import { limitAmount } from '../lib/money';
import type { Issue } from '../lib/rules';
import w from './wallet.module.css';

/** The message of a form's issue, naming its limit in the deployment's currency (recharge, withdraw and loan alike). */
export function issueMessage(t: TFunction, issue: Issue, currency: string): string {
  return t(issue.key, { amount: issue.limit ? limitAmount(issue.limit, currency) : '' });
}

/**
 * The state of a money form (recharge, withdraw, loan): the typed amount, the last failure's message, and a send that
 * goes once per submit: never while the form has an issue, the browser is offline (`online`: the submit says so and
 * is disabled) or a request is on its way; a new try clears the old failure.
 */
export function useMoneyForm() {
  const [amount, setAmount] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const online = useOnline();
  const send = <I,>(blocked: boolean, mutation: { isPending: boolean; mutate: (input: I) => void }, input: I) => {
    if (blocked || !online || mutation.isPending) return;
    setFailed(null);
    mutation.mutate(input);
  };
  return { amount, setAmount, failed, setFailed, send, online };
}

/**
 * A money form: no browser validation (the form shows its own issues) and no page load; Enter submits like the button.
 * Offline, it says at its top that it cannot be sent yet.
 */
export function MoneyForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <OfflineNote />
      {children}
    </form>
  );
}

/** Whole units, digits only (spec §5): every amount field filters and offers the numeric keyboard the same way. */
export function AmountField({
  label,
  value,
  onChange,
  placeholder,
  error,
  testId,
  addon,
  autoFocus,
}: {
  label: string;
  value: string;
  /** Gets the digits only. */
  onChange: (digits: string) => void;
  placeholder: string;
  error: string | null;
  testId: string;
  addon?: ReactNode;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(v) => onChange(digitsOnly(v))}
      inputMode="numeric"
      autoComplete="off"
      enterKeyHint="done"
      autoFocus={autoFocus}
      placeholder={placeholder}
      error={error}
      data-testid={testId}
      addon={addon}
    />
  );
}

/** Why the last request failed, announced. */
export function FormAlert({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <p className={w.formAlert} role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
