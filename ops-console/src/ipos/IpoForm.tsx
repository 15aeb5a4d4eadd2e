import { useState, type FormEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { TextField, toast, useCallMutation } from '@invest/shared';
import { IPO_QUANTITY_STEP } from '@invest/shared/values/ipo';
import { calls as schemas } from '@invest/shared/forms';
import { opsCalls } from '@invest/shared/ops-calls';
import { check, errorAt, typed, useTouched } from '../forms/check';
import { CreateActions, SelectField } from '../forms/fields';
import { useRefreshQueue } from '../queue/queueQuery';
import f from '../forms/forms.module.css';

const FIELDS = ['symbol', 'series', 'company_name', 'issue_price', 'min', 'max', 'lot', 'issue_start_date', 'issue_end_date'] as const;
type Field = (typeof FIELDS)[number];

/** The issue's first status: announced (Upcoming) or open to applications at once (Forthcoming). */
type FirstStatus = 'Upcoming' | 'Forthcoming';

/**
 * A new issue, every field the contract takes: the stock, its series and company name (the stock's by default), the
 * issue price, the quantities (min and max in whole lots; both 0 is TBA), the lot, the dates and the first status.
 */
export function IpoForm({ done }: { done: (id?: number) => void }) {
  const { t } = useTranslation('ops');
  const refresh = useRefreshQueue(opsCalls.opsIpos);
  const [values, setValues] = useState<Record<Field, string>>({
    symbol: '',
    series: 'EQ',
    company_name: '',
    issue_price: '',
    min: '',
    max: '',
    lot: String(IPO_QUANTITY_STEP),
    issue_start_date: '',
    issue_end_date: '',
  });
  const [status, setStatus] = useState<FirstStatus>('Upcoming');
  const touched = useTouched();
  const checked = check(schemas.opsIpoCreate.input, {
    symbol: values.symbol.trim(),
    series: values.series.trim(),
    company_name: typed(values.company_name),
    issue_price: values.issue_price.trim(),
    min: values.min.trim(),
    max: values.max.trim(),
    lot: typed(values.lot),
    issue_start_date: values.issue_start_date,
    issue_end_date: values.issue_end_date,
    status,
  });
  const creating = useCallMutation(opsCalls.opsIpoCreate, {
    onSuccess: (ipo) => {
      toast(t('ipos.created', { id: ipo.id, symbol: ipo.symbol }), 'success');
      refresh();
      done(ipo.id);
    },
  });
  const field = (name: Field) => ({
    value: values[name],
    onChange: (v: string) => setValues((vs) => ({ ...vs, [name]: name === 'symbol' ? v.toUpperCase() : v })),
    onBlur: () => touched.touch(name),
    autoComplete: 'off',
    error: touched.isTouched(name) && errorAt(checked.errors, name) ? t(`hint.${errorAt(checked.errors, name)}`) : null,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    touched.touchAll(FIELDS);
    if (checked.data) creating.mutate(checked.data);
  };
  return (
    <form className={f.form} onSubmit={submit} aria-label={t('ipos.newTitle')} noValidate>
      <TextField label={t('ipos.symbol')} placeholder="TATAMOTORS.NS" maxLength={32} autoFocus {...field('symbol')} />
      <div className={f.row}>
        <TextField label={t('ipos.series')} maxLength={16} {...field('series')} />
        <TextField label={t('ipos.price')} inputMode="decimal" {...field('issue_price')} />
      </div>
      <TextField label={t('ipos.companyOptional')} maxLength={120} {...field('company_name')} />
      <div className={f.row}>
        <TextField label={t('ipos.min')} inputMode="numeric" {...field('min')} />
        <TextField label={t('ipos.max')} inputMode="numeric" {...field('max')} />
      </div>
      <p className={f.hint}>{t('ipos.quantityHint')}</p>
      <TextField label={t('ipos.lot')} inputMode="numeric" {...field('lot')} />
      <div className={f.row}>
        <TextField label={t('ipos.start')} type="date" {...field('issue_start_date')} />
        <TextField label={t('ipos.end')} type="date" {...field('issue_end_date')} />
      </div>
      <SelectField
        label={t('ipos.firstStatus')}
        value={status}
        onChange={setStatus}
        options={[
          { value: 'Upcoming', label: t('ipoStatus.Upcoming') },
          { value: 'Forthcoming', label: t('ipoStatus.Forthcoming') },
        ]}
        hint={t('ipos.firstStatusHint')}
      />
      <CreateActions error={creating.error} busy={creating.isPending} ready={Boolean(checked.data)} label={t('ipos.create')} onCancel={() => done()} />
    </form>
  );
}
