import { useTranslation } from '@invest/runtime';
import { useParams } from 'react-router-dom';
import { formatPrice, PageHeader, PriceChange, stripExchangeSuffix } from '@invest/shared';
import s from './demo.module.css';

/** Fixed sample figures: this view never shows live prices or the user's orders. */
export const SAMPLE = {
  price: 1523.4,
  change: 12.6,
  percent: 0.83,
  bids: [
    [1523.2, 120],
    [1523.0, 340],
    [1522.8, 95],
  ],
  asks: [
    [1523.6, 210],
    [1523.8, 60],
    [1524.0, 180],
  ],
} as const;

/** /trading/:code: the static demo view, plainly labelled as sample data. */
export function TradingDemoPage() {
  const { t } = useTranslation('trading');
  const { code = '' } = useParams();
  return (
    <div className={s.page}>
      <PageHeader title={t('titles.tradingDemo')} back />
      <p className={s.banner} role="note" data-testid="sample-label">
        <strong>{t('demo.label')}</strong> — {t('demo.note')}
      </p>
      <section className={s.hero} aria-label={t('demo.price')}>
        <span className={s.code}>{stripExchangeSuffix(code)}</span>
        <p className={`${s.price} num`}>{formatPrice(SAMPLE.price)}</p>
        <PriceChange change={SAMPLE.change} percent={SAMPLE.percent} />
      </section>
      <table className={s.book} aria-label={t('demo.book')}>
        <caption className={s.caption}>{t('demo.book')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('demo.bid')}</th>
            <th scope="col">{t('demo.size')}</th>
            <th scope="col">{t('demo.ask')}</th>
            <th scope="col">{t('demo.size')}</th>
          </tr>
        </thead>
        <tbody>
          {SAMPLE.bids.map(([bid, bidSize], i) => (
            <tr key={bid}>
              <td className={`${s.bid} num`}>{formatPrice(bid)}</td>
              <td className="num">{bidSize}</td>
              <td className={`${s.ask} num`}>{formatPrice(SAMPLE.asks[i]![0])}</td>
              <td className="num">{SAMPLE.asks[i]![1]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
