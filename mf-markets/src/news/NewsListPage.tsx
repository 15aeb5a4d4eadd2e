import { useTranslation } from '@invest/runtime';
import { Link, useSearchParams } from 'react-router-dom';
import { DataState, NEWS_PAGE_SIZES, PageHeader, Pager, SkeletonRows, Tabs } from '@invest/shared';
import { formatNewsDate, useNewsPage } from '../lib/news';
import s from './news.module.css';
import { Thumb } from '../components/Thumb';

type PageSize = (typeof NEWS_PAGE_SIZES)[number];
const isPageSize = (n: number): n is PageSize => (NEWS_PAGE_SIZES as readonly number[]).includes(n);

/** The news list: page sizes 10/20/30/50 (default 10), previous / next; page and size kept in the URL. */
export function NewsListPage() {
  const { t, i18n } = useTranslation('markets');
  const [params, setParams] = useSearchParams();
  const sizeParam = Number(params.get('size'));
  const size: PageSize = isPageSize(sizeParam) ? sizeParam : NEWS_PAGE_SIZES[0];
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const news = useNewsPage(page, size);
  const { rows, count, changing } = news;

  const go = (next: { page?: number; size?: PageSize }) => {
    const p = new URLSearchParams();
    const nextSize = next.size ?? size;
    if (nextSize !== NEWS_PAGE_SIZES[0]) p.set('size', String(nextSize));
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
    window.scrollTo?.(0, 0);
  };

  return (
    <div className={s.page}>
      <PageHeader title={t('titles.news')} back />
      <div className={s.sizes}>
        <span className={s.sizesLabel}>{t('news.perPage')}</span>
        <Tabs
          label={t('news.perPage')}
          variant="pills"
          items={NEWS_PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
          value={size}
          onChange={(n) => go({ size: n })}
        />
      </div>
      <DataState ready={!news.pending} trouble={news.trouble} since={news.since} onRetry={news.retry} skeleton={<SkeletonRows rows={6} />} prices={false}>
        {rows.length === 0 ? (
          <p className={s.empty}>{t('news.empty')}</p>
        ) : (
          <ul className={`${s.list} ${changing ? s.stale : ''}`} data-testid="news-list">
            {rows.map((n) => (
              <li key={n.id}>
                <Link to={`/news/${n.id}`} className={s.item}>
                  <span className={s.text}>
                    <span className={s.title}>{n.title}</span>
                    {n.subhead && <span className={s.subhead}>{n.subhead}</span>}
                    <span className={s.date}>{formatNewsDate(n.created_at, i18n.language)}</span>
                  </span>
                  <Thumb src={n.img} className={s.thumb} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </DataState>
      <div className={s.pager}>
        <Pager page={page} count={count} size={size} busy={changing} onPage={(p) => go({ page: p })} />
      </div>
    </div>
  );
}
