import { useMemo } from 'react';
import { useTranslation } from '@invest/runtime';
import { useParams } from 'react-router-dom';
import { calls, LoadError, NotFoundState, PageHeader, Skeleton, troubleOf, useCall } from '@invest/shared';
import { formatNewsDate } from '../lib/news';
import { sanitizeArticle } from './sanitize';
import s from './news.module.css';
import { Thumb } from '../components/Thumb';

/** One article: title, subhead, image and its HTML content, sanitized before it is rendered. */
export function ArticlePage() {
  const { t, i18n } = useTranslation('markets');
  const { id } = useParams();
  const n = Number(id);
  const valid = Number.isInteger(n) && n > 0;
  const q = useCall(calls.newsArticle, { id: n }, { enabled: valid });
  const article = q.data;
  const trouble = valid ? troubleOf(q) : 'notFound';
  const html = useMemo(() => (article ? sanitizeArticle(article.content) : ''), [article]);

  return (
    <div className={s.page}>
      <PageHeader title={t('titles.article')} back />
      {!article && !trouble && (
        <div className={s.article} aria-busy="true">
          <Skeleton width="90%" height={24} />
          <Skeleton width="60%" height={24} style={{ marginTop: 8 }} />
          <Skeleton height={190} radius={12} style={{ marginTop: 20 }} />
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} width={i === 3 ? '70%' : '100%'} height={14} style={{ marginTop: 12 }} />
          ))}
        </div>
      )}
      {!article && trouble === 'notFound' && <NotFoundState title={t('news.notFound')} />}
      {!article && (trouble === 'offline' || trouble === 'failed') && (
        <LoadError reason={trouble} title={t('news.loadFailed')} onRetry={() => void q.refetch()} busy={q.isFetching} />
      )}
      {article && (
        <article className={s.article} data-testid="article">
          <h2 className={s.articleTitle}>{article.title}</h2>
          {article.subhead && <p className={s.articleSubhead}>{article.subhead}</p>}
          <p className={s.date}>{formatNewsDate(article.created_at, i18n.language)}</p>
          <Thumb src={article.img} className={s.hero} lazy={false} />
          <div className={s.content} data-testid="article-content" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      )}
    </div>
  );
}
