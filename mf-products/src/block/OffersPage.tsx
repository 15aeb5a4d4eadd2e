import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  Button,
  callQuery,
  calls,
  formatPrice,
  formatPriceIn,
  LIST_POLL_MS,
  numberLocale,
  QueryState,
  SkeletonRows,
  stripExchangeSuffix,
  useLiveQuotes,
  useQuery,
  type BlockMold,
  type Offer,
} from '@invest/shared';
import { CodeSearch } from '../components/CodeSearch';
import { ProductPage } from '../components/ProductPage';
import { BuyDialog } from './BuyDialog';
import { MOLD_PAGES } from './molds';
import s from '../components/products.module.css';

/**
 * Block trading or QIP: the open offers (searched by code) with the engine's market price, live (pushed by the
 * stream, the list polled when it is unavailable), beside the block price and minimum; a buy dialog.
 */
function Offers({ mold }: { mold: BlockMold }) {
  const { t } = useTranslation('products');
  const page = MOLD_PAGES[mold];
  const [code, setCode] = useState('');
  const query = callQuery(calls.offerList, { mold, page: 1, limit: 100, ...(code && { code }) });
  const q = useQuery(query);
  const [buying, setBuying] = useState<Offer | null>(null);
  const rows = useMemo(() => q.data?.rows ?? [], [q.data]);
  const symbols = useMemo(() => [...new Set(rows.map((o) => o.tag.toUpperCase()))], [rows]);
  const { quotes } = useLiveQuotes(symbols, { intervalMs: LIST_POLL_MS, poll: [query] });
  return (
    <ProductPage title={page.title} link={{ to: `${page.base}/orders`, label: 'block.orders' }}>
      <CodeSearch onSearch={setCode} />
      <QueryState query={q} prices skeleton={<SkeletonRows rows={4} />} errorTitle={t(code ? 'search.failed' : 'block.loadFailed')}>
        {rows.length === 0 ? (
          <p className={s.muted} data-testid="offers-empty">
            {t(code ? 'block.noMatch' : 'block.empty')}
          </p>
        ) : (
          <ul className={`${s.rows} ${s.listTop}`} aria-label={t(page.title)}>
            {rows.map((o) => (
              <li key={o.id}>
                <OfferCard offer={o} marketPrice={quotes[o.tag.toUpperCase()]?.price ?? o.market_price} onBuy={() => setBuying(o)} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {buying && <BuyDialog offer={buying} onClose={() => setBuying(null)} />}
    </ProductPage>
  );
}

/** The short name of a time zone in the user's language at an instant ("EST", "GMT+5:30"). */
function zoneName(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat(numberLocale(), { timeZone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * An instant as a date and time in the offer's own zone, named: the windows are hours of the market's zone, so the
 * next opening is said in the same zone ("11/27/2026, 04:00 EST" beside "04:00–20:00 EST"), never in another.
 */
function timeIn(iso: string, timeZone: string): string {
  const f = { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } as const;
  return new Intl.DateTimeFormat(numberLocale(), f).format(new Date(iso));
}

function OfferCard({ offer: o, marketPrice, onBuy }: { offer: Offer; marketPrice: number | null; onBuy: () => void }) {
  const { t } = useTranslation('products');
  const price = (p: number | null) => (p === null ? '--' : formatPriceIn(p, o.currency, 2));
  const refused = o.qualified_only && !o.qualified;
  return (
    <article className={s.card} aria-label={o.name} data-testid="offer">
      <div className={s.cardHead}>
        <div>
          <h2 className={s.cardTitle}>{o.name}</h2>
          <p className={s.cardSub}>
            <span className={s.series}>{o.type}</span> <span className="num">{stripExchangeSuffix(o.tag)}</span>
          </p>
        </div>
      </div>
      <dl className={s.dl}>
        <div className={s.kv}>
          <dt>{t('block.marketPrice')}</dt>
          <dd className="num" data-testid="market-price">
            {price(marketPrice)}
          </dd>
        </div>
        <div className={s.kv}>
          <dt>{t('block.blockPrice')}</dt>
          <dd className="num" data-testid="block-price">
            {price(o.price)}
          </dd>
        </div>
        <div className={s.kv}>
          <dt>{t('block.minimum')}</dt>
          <dd className="num" data-testid="minimum">
            {formatPrice(o.count, 0)}
          </dd>
        </div>
        <div className={s.kv}>
          <dt>{t('block.hours')}</dt>
          <dd className="num" data-testid="hours">
            {o.windows.map((w) => `${w.open}–${w.close}`).join(', ')} {zoneName(o.time_zone, new Date())}
          </dd>
        </div>
      </dl>
      {!o.open_now && <p className={s.note}>{o.next_open_at ? t('block.opensAt', { time: timeIn(o.next_open_at, o.time_zone) }) : t('hint.noAvailableTime')}</p>}
      {refused && (
        <p className={s.warn} data-testid="qualified-note">
          {t('block.qualifiedOnly')}
        </p>
      )}
      <Button disabled={refused} onClick={onBuy}>
        {t('block.buy')}
      </Button>
    </article>
  );
}

export function BlockTradingPage() {
  return <Offers mold="bulk" />;
}

export function QipPage() {
  return <Offers mold="finalize" />;
}
