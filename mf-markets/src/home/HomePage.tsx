import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link } from 'react-router-dom';
import { CARD_POLL_MS, DataState, DeploymentError, Icon, LanguageMenu, ServiceLink, Skeleton, StaleNotice, useCategories, useDeployment, useLiveQuotes, type IconName, type Quote } from '@invest/shared';
import { IndexCard, indexQuote } from '../components/IndexCard';
import { SimulatedNote, MarketStatus } from '../components/MarketStatus';
import { StockSearch } from '../components/StockSearch';
import { useIndexLines, type IndexLine } from '../lib/indexLines';
import { formatNewsDate, HOME_NEWS_COUNT, useNewsPage } from '../lib/news';
import s from './home.module.css';
import { Thumb } from '../components/Thumb';

const QUICK: { to: string; label: string; icon: IconName }[] = [
  { to: '/block-trading', label: 'quick.blockTrading', icon: 'block' },
  { to: '/ipo', label: 'quick.ipo', icon: 'ipo' },
  { to: '/qip', label: 'quick.qip', icon: 'qip' },
  { to: '/fund-investment', label: 'quick.funds', icon: 'fund' },
  { to: '/forex', label: 'quick.forex', icon: 'forex' },
  { to: '/futures', label: 'quick.futures', icon: 'futures' },
  { to: '/treasury-debt', label: 'quick.treasury', icon: 'treasury' },
];

export function HomePage() {
  const { t } = useTranslation('markets');
  const [searching, setSearching] = useState(false);
  const deployment = useDeployment();
  const regions = useCategories();
  const { categories } = regions;
  const symbols = useMemo(() => categories.flatMap((c) => c.stocks.map((x) => x.stock_code)), [categories]);
  const { lines, queries, trouble, asOf } = useIndexLines(symbols);
  const { quotes } = useLiveQuotes(symbols, { intervalMs: CARD_POLL_MS, poll: queries });
  const anyLine = Object.values(lines)[0];

  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>{t('titles.home')}</h1>
        <div className={s.actions}>
          <button type="button" className={s.iconButton} aria-label={t('search.open')} onClick={() => setSearching(true)}>
            <Icon name="search" />
          </button>
          <ServiceLink className={s.iconButton} />
          <Link to="/settings" className={s.iconButton} aria-label={t('settings')}>
            <Icon name="settings" />
          </Link>
          <LanguageMenu />
        </div>
      </header>

      <button type="button" className={s.searchBar} onClick={() => setSearching(true)}>
        <Icon name="search" size={18} />
        <span>{t('search.placeholder')}</span>
      </button>

      <nav className={s.quick} aria-label={t('quick.title')}>
        {QUICK.map((q) => (
          <Link key={q.to} to={q.to} className={s.quickItem}>
            <span className={s.quickIcon}>
              <Icon name={q.icon} />
            </span>
            <span className={s.quickLabel}>{t(q.label)}</span>
          </Link>
        ))}
      </nav>

      <section aria-labelledby="home-indices">
        <div className={s.sectionHead}>
          <h2 id="home-indices" className={s.sectionTitle}>
            {t('indices')}
          </h2>
          {(anyLine?.simulated ?? true) && <SimulatedNote />}
        </div>
        <DataState
          ready={regions.ready}
          trouble={regions.trouble}
          onRetry={regions.retry}
          skeleton={
            <div className={s.cards}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={124} radius={12} style={{ flex: '0 0 44%' }} />
              ))}
            </div>
          }
        >
          {categories.length === 0 && <p className={s.muted}>{t('noIndices')}</p>}
        </DataState>
        {trouble && anyLine && <StaleNotice reason={trouble} since={asOf} />}
        {categories.map((c) => (
          <CategoryCards key={c.category_id} name={c.category_name} stocks={c.stocks} lines={lines} quotes={quotes} stale={trouble !== null} />
        ))}
      </section>

      {/* The INR deployment hides news (spec §1): nothing shows until the deployment is known, a retry if it fails. */}
      {deployment.data?.showsNews && <HomeNews />}
      {deployment.isError && <DeploymentError deployment={deployment} />}
      <StockSearch open={searching} onClose={() => setSearching(false)} />
    </div>
  );
}

function CategoryCards({
  name,
  stocks,
  lines,
  quotes,
  stale,
}: {
  name: string;
  stocks: { stock_code: string; stock_name: string }[];
  lines: Record<string, IndexLine>;
  quotes: Record<string, Quote>;
  /** The prices are not current (the section's notice says so): no "Market open" beside them. */
  stale: boolean;
}) {
  const first = stocks[0] ? indexQuote(lines[stocks[0].stock_code], quotes[stocks[0].stock_code]) : undefined;
  return (
    <div className={s.category} data-testid="index-category">
      <div className={s.categoryHead}>
        <h3 className={s.categoryName}>{name}</h3>
        {first && <MarketStatus open={first.marketOpen} stale={stale} />}
      </div>
      <div className={s.cards}>
        {stocks.map((x) => (
          <div key={x.stock_code} className={s.cardSlot}>
            <IndexCard symbol={x.stock_code} name={x.stock_name} line={lines[x.stock_code]} live={quotes[x.stock_code]} />
          </div>
        ))}
      </div>
    </div>
  );
}

function HomeNews() {
  const { t, i18n } = useTranslation('markets');
  const news = useNewsPage(1, HOME_NEWS_COUNT);
  const items = news.rows.slice(0, HOME_NEWS_COUNT);
  return (
    <section className={s.news} aria-labelledby="home-news" data-testid="home-news">
      <div className={s.sectionHead}>
        <h2 id="home-news" className={s.sectionTitle}>
          {t('news.title')}
        </h2>
        <Link to="/news" className={s.more}>
          {t('news.more')} <Icon name="chevron" size={14} />
        </Link>
      </div>
      <DataState
        ready={!news.pending}
        trouble={news.trouble}
        since={news.since}
        onRetry={news.retry}
        prices={false}
        skeleton={[0, 1, 2].map((i) => (
          <div key={i} className={s.newsSkeleton}>
            <Skeleton width="85%" height={14} />
            <Skeleton width="40%" height={11} />
          </div>
        ))}
      >
        {items.length === 0 ? (
          <p className={s.muted}>{t('news.empty')}</p>
        ) : (
          <ul className={s.newsList}>
            {items.map((n) => (
              <li key={n.id}>
                <Link to={`/news/${n.id}`} className={s.newsItem}>
                  <span className={s.newsText}>
                    <span className={s.newsTitle}>{n.title}</span>
                    <span className={s.newsDate}>{formatNewsDate(n.created_at, i18n.language)}</span>
                  </span>
                  <Thumb src={n.img} className={s.newsImg} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </DataState>
    </section>
  );
}
