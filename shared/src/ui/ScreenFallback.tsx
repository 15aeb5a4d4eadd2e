import { PageHeader } from './PageHeader';
import { SkeletonRows } from './Skeleton';

/**
 * What a screen shows while its code downloads (the Suspense fallback of a remote's lazy screens): the bar with a
 * working back arrow, so the user can leave a slow or stalled load, and placeholder rows where the content will be
 * (announced as loading). No heading: the screen's own arrives with it.
 */
export function ScreenFallback() {
  return (
    <>
      <PageHeader back pending />
      <SkeletonRows />
    </>
  );
}
