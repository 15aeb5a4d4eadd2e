import { useState, type FormEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { currencySymbol, TextField, toast, useCallMutation, useDeployment } from '@invest/shared';
import { FUND_PERIOD_MAX_DAYS } from '@invest/shared/values/funds';
import { calls as schemas } from '@invest/shared/forms';
import { opsCalls } from '@invest/shared/ops-calls';
import { check, errorAt, unitsToMinor, useTouched } from '../forms/check';
import { CreateActions } from '../forms/fields';
import { useRefreshQueue } from '../queue/queueQuery';
import f from '../forms/forms.module.css';

const FIELDS = ['name', 'min_return', 'max_return', 'investment_period', 'amount', 'issue_amount'] as const;
type Field = (typeof FIELDS)[number];

/**
 * A new fund project, every field the contract takes: its name, the return range for the whole term (percent), the
 * term in days, what one purchase costs and the most it sells (money typed in units of the currency, sent in minor
 * units). Its term starts when it is made.
 */
export function FundForm({ done }: { done: (id?: number) => void }) {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const refresh = useRefreshQueue(opsCalls.opsFunds);
  const [values, setValues] = useState<Record<Field, string>>({ name: '', min_return: '', max_return: '', investment_period: '', amount: '', issue_amount: '' });
  const touched = useTouched();
  const checked = check(schemas.opsFundCreate.input, {
    name: values.name.trim(),
    min_return: values.min_return.trim(),
    max_return: values.max_return.trim(),
    investment_period: values.investment_period.trim(),
    amount: unitsToMinor(values.amount),
    issue_amount: unitsToMinor(values.issue_amount),
  });
  const creating = useCallMutation(opsCalls.opsFundCreate, {
    onSuccess: (fund) => {
      toast(t('funds.created', { id: fund.id, name: fund.name }), 'success');
      refresh();
      done(fund.id);
    },
  });
  const field = (name: Field) => ({
    value: values[name],
    onChange: (v: string) => setValues((vs) => ({ ...vs, [name]: v })),
    onBlur: () => touched.touch(name),
    autoComplete: 'off',
    error: touched.isTouched(name) && errorAt(checked.errors, name) ? t(`hint.${errorAt(checked.errors, name)}`) : null,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    touched.touchAll(FIELDS);
    if (checked.data) creating.mutate(checked.data);
  };
  const money = currencySymbol(currency);
  return (
    <form className={f.form} onSubmit={submit} aria-label={t('funds.newTitle')} noValidate>
      <TextField label={t('funds.name')} maxLength={100} autoFocus {...field('name')} />
      <div className={f.row}>
        <TextField label={t('funds.minReturn')} inputMode="decimal" {...field('min_return')} />
        <TextField label={t('funds.maxReturn')} inputMode="decimal" {...field('max_return')} />
      </div>
      <p className={f.hint}>{t('funds.returnHint')}</p>
      <TextField label={t('funds.periodDays')} inputMode="numeric" placeholder={`1–${FUND_PERIOD_MAX_DAYS}`} {...field('investment_period')} />
      <TextField label={t('funds.amountIn', { symbol: money })} inputMode="decimal" placeholder="10000.00" {...field('amount')} />
      <TextField label={t('funds.issueIn', { symbol: money })} inputMode="decimal" placeholder="1000000.00" {...field('issue_amount')} />
      <p className={f.hint}>{t('funds.issueHint')}</p>
      <CreateActions error={creating.error} busy={creating.isPending} ready={Boolean(checked.data)} label={t('funds.create')} onCancel={() => done()} />
    </form>
  );
}
