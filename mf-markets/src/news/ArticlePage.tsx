import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError, call, calls, EmptyState, PageHeader, RetryPanel, Skeleton, type News } from '@invest/shared';
import { formatNewsDate } from '../lib/news';
import { sanitizeArticle } from './sanitize';
import s from './news.module.css';
import { Thumb } from '../components/Thumb';

type State = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; article: News };

/** One article: title, subhead, image and its HTML content, sanitized before it is rendered. */
export function ArticlePage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    const n = Number(id);
    if (!Number.isInteger(n) || n <= 0) return setState({ kind: 'missing' });
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', article: await call(calls.newsArticle, { id: n }) });
    } catch (e) {
      console.warn('[mf-markets] article failed to load', e);
      setState(e instanceof ApiError && e.status === 404 ? { kind: 'missing' } : { kind: 'failed' });
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  const html = useMemo(() => (state.kind === 'ready' ? sanitizeArticle(state.article.content) : ''), [state]);

  return (
    <div className={s.page}>
      <PageHeader title={t('titles.article')} back />
      {state.kind === 'loading' && (
        <div className={s.article} aria-busy="true">
          <Skeleton width="90%" height={24} />
          <Skeleton width="60%" height={24} style={{ marginTop: 8 }} />
          <Skeleton height={190} radius={12} style={{ marginTop: 20 }} />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} width={i === 3 ? '70%' : '100%'} height={14} style={{ marginTop: 12 }} />
          ))}
        </div>
      )}
      {state.kind === 'missing' && <EmptyState title={t('markets.news.notFound')} />}
      {state.kind === 'failed' && <RetryPanel title={t('markets.news.loadFailed')} onRetry={() => void load()} />}
      {state.kind === 'ready' && (
        <article className={s.article} data-testid="article">
          <h2 className={s.articleTitle}>{state.article.title}</h2>
          {state.article.subhead && <p className={s.articleSubhead}>{state.article.subhead}</p>}
          <p className={s.date}>{formatNewsDate(state.article.created_at, i18n.language)}</p>
          <Thumb src={state.article.img} className={s.hero} lazy={false} />
          <div className={s.content} data-testid="article-content" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      )}
    </div>
  );
}
