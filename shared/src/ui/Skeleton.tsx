import type { CSSProperties } from 'react';
import { useTranslation } from '@invest/runtime';
import s from './extras.module.css';

/** A grey shimmering block in place of content that is loading. */
export function Skeleton({ width = '100%', height = 14, radius, style }: { width?: number | string; height?: number | string; radius?: number; style?: CSSProperties }) {
  return <span className={s.skeleton} style={{ width, height, borderRadius: radius, ...style }} aria-hidden="true" />;
}

/** Placeholder rows of a list while its first page loads. */
export function SkeletonRows({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={s.skeletonRow}>
          <div className={s.skeletonGrow}>
            <Skeleton width="55%" height={14} />
            <Skeleton width="30%" height={11} />
          </div>
          <Skeleton width={64} height={14} />
          <Skeleton width={76} height={30} />
        </div>
      ))}
    </div>
  );
}
