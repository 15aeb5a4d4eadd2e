import { useState, type FormEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, IconButton, Icon, TextField, toast, useCallMutation, type BlockMold, type OfferMarket } from '@invest/shared';
import { BLOCK_MIN_COUNT_DEFAULT, OFFER_TIME_ZONES, OFFER_WINDOWS_MAX } from '@invest/shared/values/offers';
import { calls as schemas } from '@invest/shared/forms';
import { opsCalls } from '@invest/shared/ops-calls';
import { check, errorAt, typed, useTouched } from '../forms/check';
import { CheckField, CreateActions, FieldGroup, FormError, SelectField } from '../forms/fields';
import { useRefreshQueue } from '../queue/queueQuery';
import f from '../forms/forms.module.css';

type Window = { open: string; close: string };

/**
 * A new block trading or QIP offer, every field the contract takes: the stock's code, block trade or QIP, its market
 * (or the stock's own), the block price, the minimum quantity, up to OFFER_WINDOWS_MAX daily windows and whether only
 * qualified investors may buy (always, for a QIP). Checked by the call's schema as typed; sent only when it passes.
 */
export function OfferForm({ done }: { done: (id?: number) => void }) {
  const { t } = useTranslation('ops');
  const refresh = useRefreshQueue(opsCalls.opsOffers);
  const [tag, setTag] = useState('');
  const [mold, setMold] = useState<BlockMold>('bulk');
  const [market, setMarket] = useState<OfferMarket | ''>('');
  const [price, setPrice] = useState('');
  const [count, setCount] = useState(String(BLOCK_MIN_COUNT_DEFAULT));
  const [windows, setWindows] = useState<Window[]>([{ open: '', close: '' }]);
  const [qualified, setQualified] = useState(false);
  const touched = useTouched();
  const qip = mold === 'finalize';
  const checked = check(schemas.opsOfferCreate.input, {
    tag: tag.trim(),
    mold,
    price: price.trim(),
    count: typed(count),
    type: market || undefined,
    windows: windows.map((w) => ({ open: w.open.trim(), close: w.close.trim() })),
    qualified_only: qip || qualified,
  });
  const creating = useCallMutation(opsCalls.opsOfferCreate, {
    onSuccess: (o) => {
      toast(t('offers.created', { id: o.id, code: o.tag }), 'success');
      refresh();
      done(o.id);
    },
  });
  const error = (name: string) => {
    const key = touched.isTouched(name) ? errorAt(checked.errors, name) : undefined;
    return key ? t(`hint.${key}`) : null;
  };
  const setWindow = (i: number, part: keyof Window, value: string) => setWindows((ws) => ws.map((w, j) => (j === i ? { ...w, [part]: value } : w)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    touched.touchAll(['tag', 'price', 'count', ...windows.map((_, i) => `windows.${i}`)]);
    if (checked.data) creating.mutate(checked.data);
  };
  const zone = market ? t('offers.zoneOf', { zone: OFFER_TIME_ZONES[market] }) : t('offers.zoneOfStock', { in: OFFER_TIME_ZONES.IN, us: OFFER_TIME_ZONES.US });
  return (
    <form className={f.form} onSubmit={submit} aria-label={t('offers.newTitle')} noValidate>
      <TextField
        label={t('offers.code')}
        value={tag}
        onChange={(v) => setTag(v.toUpperCase())}
        onBlur={() => touched.touch('tag')}
        placeholder="RELIANCE.NS"
        maxLength={32}
        autoComplete="off"
        autoFocus
        error={error('tag')}
      />
      <SelectField
        label={t('offers.kind')}
        value={mold}
        onChange={setMold}
        options={[
          { value: 'bulk', label: t('offerMold.bulk') },
          { value: 'finalize', label: t('offerMold.finalize') },
        ]}
      />
      <SelectField
        label={t('offers.market')}
        value={market}
        onChange={setMarket}
        hint={t('offers.marketHint')}
        options={[
          { value: '', label: t('offers.marketOfStock') },
          { value: 'IN', label: t('offers.marketIn') },
          { value: 'US', label: t('offers.marketUs') },
        ]}
      />
      <div className={f.row}>
        <TextField label={t('offers.price')} value={price} onChange={setPrice} onBlur={() => touched.touch('price')} inputMode="decimal" autoComplete="off" error={error('price')} />
        <TextField label={t('offers.minimum')} value={count} onChange={setCount} onBlur={() => touched.touch('count')} inputMode="numeric" autoComplete="off" error={error('count')} />
      </div>
      <FieldGroup legend={t('offers.windows')} hint={zone}>
        {windows.map((w, i) => (
          <div key={i}>
            <div className={f.windowRow}>
              <TextField
                label={t('offers.opens', { n: i + 1 })}
                value={w.open}
                onChange={(v) => setWindow(i, 'open', v)}
                onBlur={() => touched.touch(`windows.${i}`)}
                placeholder="09:15"
                inputMode="numeric"
                maxLength={5}
                autoComplete="off"
              />
              <TextField
                label={t('offers.closes', { n: i + 1 })}
                value={w.close}
                onChange={(v) => setWindow(i, 'close', v)}
                onBlur={() => touched.touch(`windows.${i}`)}
                placeholder="15:30"
                inputMode="numeric"
                maxLength={5}
                autoComplete="off"
              />
              {windows.length > 1 && (
                <IconButton label={t('offers.removeWindow', { n: i + 1 })} onClick={() => setWindows((ws) => ws.filter((_, j) => j !== i))}>
                  <Icon name="close" size={18} />
                </IconButton>
              )}
            </div>
            <FormError message={error(`windows.${i}`)} />
          </div>
        ))}
        {windows.length < OFFER_WINDOWS_MAX && (
          <Button variant="secondary" className={f.inline} onClick={() => setWindows((ws) => [...ws, { open: '', close: '' }])}>
            {t('offers.addWindow')}
          </Button>
        )}
      </FieldGroup>
      <CheckField label={t('offers.qualifiedOnly')} checked={qip || qualified} disabled={qip} onChange={setQualified} hint={qip ? t('offers.qipQualified') : t('offers.qualifiedHint')} />
      <CreateActions error={creating.error} busy={creating.isPending} ready={Boolean(checked.data)} label={t('offers.create')} onCancel={() => done()} />
    </form>
  );
}
