import { useTranslation } from 'react-i18next';
import { PageHeader } from './PageHeader';
import { SkeletonRows } from './Skeleton';

/**
 * What a screen shows while its code downloads (the Suspense fallback of a remote's lazy screens): the bar with a
 * working back arrow, so the user can leave a slow or stalled load, and placeholder rows where the content will be.
 */
export function ScreenFallback() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('common.loading')} back />
      <SkeletonRows />
    </>
  );
}
