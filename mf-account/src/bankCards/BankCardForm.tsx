import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { type BankCard, Button, calls, type Deployment, failureKey, OfflineNote, TextField, useCallMutation, useOnline } from '@invest/shared';
import { fieldErrors, fieldsOf, initialValues, keptValue, maskCard, payloadOf, type CardField, type CardValues, type FieldSpec } from './cardForm';
import s from './bankCards.module.css';

/**
 * Adds a card, or edits `card`: the deployment's fields (INR: name, bank, IFSC, account number; MXN: bank name, card
 * number, cardholder), each with its inline message once left, and submit disabled until the contract's rules pass.
 * A double tap submits once (the mutation runs one at a time and the button locks at once).
 */
export function BankCardForm({ deployment, card, onSaved }: { deployment: Deployment; card?: BankCard; onSaved: (card: BankCard) => void }) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<CardValues>(() => initialValues(card));
  const [touched, setTouched] = useState<Partial<Record<CardField, boolean>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useCallMutation(calls.bankAdd);
  const edit = useCallMutation(calls.bankEdit);
  const busy = add.isPending || edit.isPending;
  const errors = fieldErrors(deployment.currency, values);
  const valid = Object.keys(errors).length === 0;

  const change = (f: FieldSpec) => (v: string) => {
    setValues((prev) => ({ ...prev, [f.name]: keptValue(f, v) }));
    setFailure(null);
  };
  const online = useOnline();
  const submit = () => {
    if (busy || !online) return;
    if (!valid) return setTouched({ bank_user: true, bank: true, ifsc: true, bank_card: true });
    const payload = payloadOf(deployment.currency, values, card);
    const generic = card ? 'bankCards.updateFailed' : 'bankCards.addFailed';
    const handlers = { onSuccess: onSaved, onError: (e: unknown) => setFailure(t(failureKey(e, generic))) };
    if (card) edit.mutate({ id: card.id, type: 'bank', ...payload }, handlers);
    else add.mutate(payload, handlers);
  };

  return (
    <form className={s.form} noValidate onSubmit={(e) => (e.preventDefault(), submit())} data-testid="bank-card-form">
      <OfflineNote />
      {fieldsOf(deployment.bankForm).map((f) => {
        const error = touched[f.name] && errors[f.name] ? t(`hint.${errors[f.name]}`) : null;
        return (
          <div key={f.name}>
            <TextField
              label={t(f.label)}
              name={f.name}
              value={values[f.name]}
              onChange={change(f)}
              onBlur={() => setTouched((prev) => (prev[f.name] ? prev : { ...prev, [f.name]: true }))}
              error={error}
              placeholder={f.placeholder ? t(f.placeholder) : undefined}
              inputMode={f.inputMode}
              autoComplete={f.autoComplete}
              autoCapitalize={f.autoCapitalize}
              spellCheck={false}
            />
            {f.name === 'bank_card' && card && !error && <p className={s.fieldHint}>{t('bankCards.reenterNumber', { masked: maskCard(card.bank_card) })}</p>}
          </div>
        );
      })}
      {failure && (
        <p className={s.failure} role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={!valid || !online} busy={busy}>
        {card ? t('bankCards.save') : t('bankCards.add')}
      </Button>
    </form>
  );
}
