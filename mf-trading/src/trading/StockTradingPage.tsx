import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  ApiError,
  Button,
  callQuery,
  calls,
  ConfirmDialog,
  type Deployment,
  DETAIL_POLL_MS,
  failureKey,
  formatMoney,
  formatPrice,
  formatPriceIn,
  isNotFound,
  type Market,
  marketOf,
  newest,
  NotFoundState,
  OfflineNote,
  type Order,
  PageHeader,
  precisionOf,
  PriceChange,
  type Quote,
  Skeleton,
  StaleNotice,
  stripExchangeSuffix,
  Tabs,
  toast,
  troubleOf,
  useCall,
  useCallMutation,
  useLiveQuotes,
  useOnline,
  useQueryClient,
  WithDeployment,
} from '@invest/shared';
import { feeOf, moneyOf, movedPriceOf, type PositionSize, quantityCap, quantityIssue } from '@invest/shared/values/trading';
import { Signed } from '../components/common';
import { liveValueOf } from '../lib/money';
import { buyPriceBasis, proposedQuantity, totalWithFee } from '../lib/positionSize';
import { refreshAfterTrade } from '../lib/refresh';
import s from './trading.module.css';

type Side = 'buy' | 'sell';

/** /stock/trading/:symbol/:market/:name?type=buy|sell (buy by default). Another instrument mounts afresh. */
export function StockTradingPage() {
  const params = useParams();
  const symbol = params.symbol ?? '';
  const market = marketOf(params.market);
  const raw = (params.name ?? '').trim();
  const name = raw && raw !== 'undefined' ? raw : stripExchangeSuffix(symbol);
  return (
    <div className={s.page}>
      <PageHeader title={name} back />
      <WithDeployment>{(d) => <Ticket key={`${symbol}/${market ?? ''}`} symbol={symbol} market={market} name={name} deployment={d} />}</WithDeployment>
    </div>
  );
}

/** What the user confirms again after the API refused because the price moved. */
type Moved = { side: 'buy'; price: number } | { side: 'sell'; price: number; no: string; lotPrice: number | undefined };

function Ticket({ symbol, market, name, deployment }: { symbol: string; market: Market | undefined; name: string; deployment: Deployment }) {
  const { t } = useTranslation('trading');
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const side: Side = params.get('type') === 'sell' ? 'sell' : 'buy';

  // The price: pushed by the stream, the quote call polled every 3 s when the stream is unavailable.
  const liveSymbol = symbol.trim().toUpperCase();
  const liveSymbols = useMemo(() => [liveSymbol], [liveSymbol]);
  const quoteInput = { symbol, market, mold: '1m' as const };
  const { quotes } = useLiveQuotes(liveSymbols, { intervalMs: DETAIL_POLL_MS, poll: [callQuery(calls.yahoo, quoteInput)] });
  const loaded = useCall(calls.yahoo, quoteInput);
  const quote: Quote | undefined = newest(loaded.data, quotes[liveSymbol]);
  const precision = quote ? precisionOf(quote) : 2;
  const unit = (v: number) => formatPriceIn(v, quote?.currency ?? market, precision);

  // The rate from the quote currency to the deployment's, where they differ: the pair's own quote, or its inverse.
  const from = quote?.currency.toUpperCase();
  const to = deployment.currency;
  const needsFx = Boolean(from && from !== to);
  const direct = useCall(calls.yahoo, { symbol: `${from}${to}`, mold: '1m' }, { enabled: needsFx, refetchInterval: DETAIL_POLL_MS, retry: false });
  const inverse = useCall(calls.yahoo, { symbol: `${to}${from}`, mold: '1m' }, { enabled: needsFx && isNotFound(direct.error), refetchInterval: DETAIL_POLL_MS, retry: false });
  const rate = !needsFx ? 1 : direct.data ? direct.data.price : inverse.data && inverse.data.price > 0 ? 1 / inverse.data.price : undefined;

  const lots = useCall(calls.orderList, { status: 1, tag: symbol, state: 'buy', page: 1, limit: 100 });
  const tradeRules = useCall(calls.tradeRulesInfo, {}, { staleTime: Infinity });
  // What the user can spend: shown beside the total (a trade or a cancel refreshes it with the other wallet answers).
  const info = useCall(calls.userInfo);

  const online = useOnline();
  const [moved, setMoved] = useState<Moved | null>(null);
  const [selling, setSelling] = useState<Order | null>(null);

  /**
   * A refusal: the price moved (show the engine's price now, as the refusal carries it, and ask again), or the
   * translated reason. Only a refusal without a valid price falls back to the quote fetched again.
   */
  const refused = (error: ApiError, again: (price: number) => Moved) => {
    if (error.key === 'priceMoved') {
      const carried = movedPriceOf(error.details);
      if (carried !== undefined) {
        setMoved(again(carried));
        return;
      }
      void loaded.refetch().then((r) => {
        const now = newest(r.data, quotes[liveSymbol])?.price;
        if (now !== undefined) setMoved(again(now));
        else toast(t('hint.priceMoved'), 'error');
      });
      return;
    }
    toast(t(failureKey(error, 'ticket.submitFailed')), 'error');
  };

  // The order form.
  const [kind, setKind] = useState<'market' | 'limit'>('market');
  const [limitText, setLimitText] = useState('');
  const [qtyText, setQtyText] = useState('1');
  const [position, setPosition] = useState<PositionSize | undefined>(undefined);
  // Whether Half or Full was asked for since the last order: its answer (what the money buys) is shown until then.
  const [positionAsked, setPositionAsked] = useState(false);

  const buy = useCallMutation(calls.dealBuy, {
    onSuccess: (o) => {
      toast(t(o.status === 1 ? 'ticket.purchaseSuccess' : 'ticket.submitted'), 'success');
      void refreshAfterTrade(client);
      // A new order starts from one unit: the last one's size was worked out from a balance that has since gone.
      setQtyText('1');
      setPosition(undefined);
      setPositionAsked(false);
    },
    onError: (e) => refused(e, (price) => ({ side: 'buy', price })),
  });
  const sell = useCallMutation(calls.dealSell, {
    onSuccess: (o) => {
      toast(t(o.status === 1 ? 'ticket.sold' : 'ticket.submitted'), 'success');
      void refreshAfterTrade(client);
    },
    // Asked again, the sale is of the same lot (by its number), never anything else.
    onError: (e, input) => refused(e, (price) => ({ side: 'sell', price, no: input.no, lotPrice: typeof input.price === 'number' ? input.price : undefined })),
  });

  const qtyError = quantityIssue(qtyText.trim() ? Number(qtyText) : NaN, position);
  const count = qtyError ? 0 : Number(qtyText);
  const limitPrice = Number(limitText);
  const limitValid = kind === 'market' || (limitText.trim() !== '' && Number.isFinite(limitPrice) && limitPrice > 0);
  const orderPrice = kind === 'limit' ? (limitValid ? limitPrice : undefined) : quote?.price;
  const amount = count && orderPrice !== undefined && rate !== undefined ? moneyOf(count, orderPrice, rate) : undefined;
  // The fee as the API will book it: its published rule, the same arithmetic.
  const rules = tradeRules.data;
  const feeAmount = amount !== undefined && rules ? feeOf(amount, { feeBps: rules.fee_bps, feeMin: rules.fee_min }) : undefined;
  const money = (v: number | undefined) => (v === undefined ? '--' : formatMoney(v, deployment.currency));

  const buyInput = (seen: number) => ({
    tag: symbol,
    count,
    price: seen,
    kind,
    ...(kind === 'limit' && { limit_price: limitPrice }),
    ...(position && { position }),
  });
  const submitBuy = () => {
    if (!quote || qtyError || !limitValid || !online) return;
    buy.mutate(buyInput(quote.price));
  };
  const step = (by: number) => {
    const n = Number(qtyText);
    const base = Number.isInteger(n) ? n : 1;
    setQtyText(String(Math.min(quantityCap(position), Math.max(1, base + by))));
  };
  // Half and Full propose what the money buys (within the published max_amount of one order), at the price the API
  // will charge or hold, with its fee. Worked out when tapped, so it follows the price on screen then.
  const available = info.data?.money;
  const { maxAmount } = deployment;
  const budget = available === undefined ? undefined : maxAmount ? Math.min(available, maxAmount) : available;
  const basis = quote && rules ? buyPriceBasis({ kind, limitPrice: limitValid ? limitPrice : undefined }, quote, rules.collar_bps) : undefined;
  const pricing = basis !== undefined && rate !== undefined && rules ? { price: basis, rate, fee: { feeBps: rules.fee_bps, feeMin: rules.fee_min } } : undefined;
  const choosePosition = (p: PositionSize) => {
    if (budget === undefined || !pricing) return;
    setPositionAsked(true);
    const n = proposedQuantity(p, budget, pricing);
    if (n === 0) return;
    setPosition(p);
    setQtyText(String(n));
  };
  // Once Half or Full was asked for, and while it holds: proposing 1 would only be refused.
  const cannotAfford = positionAsked && budget !== undefined && pricing !== undefined && totalWithFee(1, pricing) > budget;
  const overBalance = count > 0 && pricing !== undefined && available !== undefined && totalWithFee(count, pricing) > available;

  const confirmMoved = () => {
    if (!moved) return;
    if (moved.side === 'buy') buy.mutate(buyInput(moved.price));
    else sell.mutate({ no: moved.no, ...(moved.lotPrice !== undefined && { price: moved.lotPrice }), sell_price: moved.price });
    setMoved(null);
  };
  const confirmSell = () => {
    if (!selling || !quote) return;
    sell.mutate({ no: selling.no, price: selling.price, sell_price: quote.price });
    setSelling(null);
  };

  const quoteTrouble = troubleOf(loaded);
  if (isNotFound(loaded.error)) return <NotFoundState title={t('ticket.notFound')} />;

  return (
    <>
      {quoteTrouble && quote && <StaleNotice reason={quoteTrouble} since={quote.asOf} />}
      <section className={s.hero} aria-label={t('ticket.quote')}>
        <div className={s.ident}>
          <span className={`${s.code} num`}>{stripExchangeSuffix(symbol)}</span>
          {market && <span className={s.marketTag}>{market}</span>}
        </div>
        {quote ? (
          <>
            <p className={`${s.price} num`} data-testid="live-price">
              {unit(quote.price)}
            </p>
            <PriceChange change={quote.change} percent={quote.changePercent} precision={precision} />
            <dl className={s.hl}>
              <div>
                <dt>{t('ticket.high')}</dt>
                <dd className="num" data-testid="high">
                  {formatPrice(quote.high, precision)}
                </dd>
              </div>
              <div>
                <dt>{t('ticket.low')}</dt>
                <dd className="num" data-testid="low">
                  {formatPrice(quote.low, precision)}
                </dd>
              </div>
            </dl>
            {!quote.marketOpen && <p className={s.note}>{t('ticket.closedNote')}</p>}
          </>
        ) : loaded.isError ? (
          <p className={s.note} role="alert">
            {t('ticket.quoteFailed')}{' '}
            <button type="button" className={s.inlineButton} onClick={() => void loaded.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : (
          <Skeleton width={160} height={32} />
        )}
      </section>

      <Tabs
        label={t('ticket.side')}
        fill
        items={[
          { value: 'buy' as Side, label: t('ticket.buy') },
          { value: 'sell' as Side, label: t('ticket.sell') },
        ]}
        value={side}
        onChange={(v) => setParams(v === 'buy' ? {} : { type: v }, { replace: true })}
      />

      {side === 'buy' && (
        <form
          className={s.form}
          role="tabpanel"
          aria-label={t('ticket.buy')}
          onSubmit={(e) => {
            e.preventDefault();
            submitBuy();
          }}
        >
          <OfflineNote />
          <fieldset className={s.segment}>
            <legend className={s.legend}>{t('ticket.orderType')}</legend>
            {(['market', 'limit'] as const).map((k) => (
              <button key={k} type="button" className={s.segButton} aria-pressed={kind === k} onClick={() => setKind(k)}>
                {t(`ticket.${k}`)}
              </button>
            ))}
          </fieldset>

          {kind === 'limit' && (
            <label className={s.field}>
              <span className={s.legend}>{t('ticket.limitPrice')}</span>
              <input
                className={s.input}
                inputMode="decimal"
                value={limitText}
                onChange={(e) => setLimitText(e.target.value.replace(/[^\d.]/g, ''))}
                aria-invalid={limitText !== '' && !limitValid}
                data-testid="limit-price"
              />
              {limitText !== '' && !limitValid && <span className={s.error}>{t('hint.invalidPrice')}</span>}
            </label>
          )}

          <div className={s.field}>
            <label className={s.legend} htmlFor="ticket-qty">
              {t('ticket.quantity')}
            </label>
            <div className={s.stepper}>
              <button type="button" className={s.stepButton} aria-label={t('ticket.decrease')} disabled={Number(qtyText) <= 1} onClick={() => step(-1)}>
                −
              </button>
              <input
                id="ticket-qty"
                className={`${s.input} ${s.qty} num`}
                inputMode="numeric"
                value={qtyText}
                onChange={(e) => setQtyText(e.target.value.replace(/[^\d]/g, ''))}
                aria-invalid={Boolean(qtyError)}
                aria-describedby={qtyError ? 'ticket-qty-error' : undefined}
              />
              <button type="button" className={s.stepButton} aria-label={t('ticket.increase')} disabled={Number(qtyText) >= quantityCap(position)} onClick={() => step(1)}>
                +
              </button>
            </div>
            {qtyError && (
              <span id="ticket-qty-error" className={s.error} role="alert" data-testid="qty-error">
                {t(`hint.${qtyError}`)}
              </span>
            )}
          </div>

          <fieldset className={s.segment}>
            <legend className={s.legend}>{t('ticket.positionSize')}</legend>
            {(['half', 'full'] as const).map((p) => (
              <button key={p} type="button" className={s.segButton} aria-pressed={position === p} disabled={budget === undefined || !pricing} onClick={() => choosePosition(p)}>
                {t(`ticket.${p}`)}
              </button>
            ))}
          </fieldset>
          {cannotAfford && (
            <p className={`${s.error} ${s.block}`} role="alert" data-testid="cannot-afford">
              {t('ticket.cannotAfford')}
            </p>
          )}

          <section className={s.preview} aria-label={t('ticket.preview')}>
            <dl>
              <div className={s.kv}>
                <dt>{t('ticket.price')}</dt>
                <dd className="num" data-testid="preview-price">
                  {orderPrice === undefined ? '--' : unit(orderPrice)}
                </dd>
              </div>
              <div className={s.kv}>
                <dt>{t('ticket.amount')}</dt>
                <dd className="num" data-testid="preview-amount">
                  {money(amount)}
                </dd>
              </div>
              <div className={s.kv}>
                <dt>{t('ticket.fee')}</dt>
                <dd className="num" data-testid="preview-fee">
                  {money(feeAmount)}
                </dd>
              </div>
              {needsFx && (
                <div className={s.kv}>
                  <dt>{t('ticket.fx')}</dt>
                  <dd className="num" data-testid="preview-fx">
                    {rate === undefined ? t('ticket.fxAtFill') : `1 ${from} = ${formatPrice(rate, 4)} ${to}`}
                  </dd>
                </div>
              )}
              <div className={`${s.kv} ${s.total}`}>
                <dt>{t('ticket.total')}</dt>
                <dd className="num" data-testid="preview-total">
                  {money(amount !== undefined && feeAmount !== undefined ? amount + feeAmount : undefined)}
                </dd>
              </div>
              <div className={s.kv}>
                <dt>{t('available')}</dt>
                <dd className="num" data-testid="available">
                  {money(available)}
                </dd>
              </div>
            </dl>
            {overBalance && (
              <p className={`${s.error} ${s.inPreview}`} role="status" data-testid="over-balance">
                {t('ticket.overBalance')}
              </p>
            )}
          </section>

          <Button type="submit" busy={buy.isPending} disabled={!quote || Boolean(qtyError) || !limitValid || !online} data-testid="submit-buy">
            {t('ticket.submitBuy')}
          </Button>
        </form>
      )}

      <section className={s.lots} aria-label={t('ticket.myLots')} role={side === 'sell' ? 'tabpanel' : undefined}>
        <h2 className={s.h2}>{t('ticket.myLots')}</h2>
        {lots.data ? (
          lots.data.rows.length === 0 ? (
            <p className={s.note}>{t('ticket.noLots')}</p>
          ) : (
            <ul className={s.lotList}>
              {lots.data.rows.map((l) => {
                // The lot's P&L follows the live price (the list itself is only fetched again after a trade).
                const value = liveValueOf(l, quote?.price, deployment.currency);
                const pnl = value === null ? l.unrealized_pnl : value - l.cost;
                return (
                  <li key={l.no} className={s.lot} data-testid="ticket-lot">
                    <div className={s.lotMain}>
                      <span className="num">{t('ticket.lotLine', { count: l.count, price: unit(l.price) })}</span>
                      <span className={s.lotNo}>{t('records.orderNo', { no: l.no })}</span>
                      {pnl !== null && (
                        <Signed value={pnl} testId="lot-pnl">
                          {formatMoney(pnl, deployment.currency)}
                        </Signed>
                      )}
                    </div>
                    <button
                      type="button"
                      className={s.sellButton}
                      aria-label={t('ticket.sellLot', { no: l.no })}
                      disabled={!quote || sell.isPending || !online}
                      onClick={() => setSelling(l)}
                    >
                      {t('ticket.sell')}
                    </button>
                  </li>
                );
              })}
            </ul>
          )
        ) : lots.isError ? (
          <p className={s.note} role="alert">
            {t('ticket.lotsFailed')}{' '}
            <button type="button" className={s.inlineButton} onClick={() => void lots.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : (
          <Skeleton height={48} />
        )}
      </section>

      <ConfirmDialog
        open={selling !== null}
        title={t('ticket.sellTitle')}
        message={selling && quote ? t('ticket.sellBody', { count: selling.count, name, price: unit(quote.price) }) : ''}
        confirmLabel={t('ticket.sell')}
        onConfirm={confirmSell}
        onCancel={() => setSelling(null)}
        busy={sell.isPending}
      />
      <ConfirmDialog
        open={moved !== null}
        title={t('ticket.priceMovedTitle')}
        message={moved ? t('ticket.priceMovedBody', { price: unit(moved.price) }) : ''}
        confirmLabel={t('ticket.priceMovedConfirm')}
        onConfirm={confirmMoved}
        onCancel={() => setMoved(null)}
      />
    </>
  );
}
