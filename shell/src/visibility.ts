import { bus } from '@invest/shared';

/**
 * The page going to the background (tab hidden, or the hybrid app's pause/resume events) is published on the bus,
 * so every remote pauses its polling and refreshes at once on return.
 */
export function publishVisibility(doc: Document = document): () => void {
  const onVisibility = () => bus.publish({ type: doc.visibilityState === 'hidden' ? 'app:pause' : 'app:resume' });
  const onPause = () => bus.publish({ type: 'app:pause' });
  const onResume = () => bus.publish({ type: 'app:resume' });
  doc.addEventListener('visibilitychange', onVisibility);
  doc.addEventListener('pause', onPause);
  doc.addEventListener('resume', onResume);
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    doc.removeEventListener('pause', onPause);
    doc.removeEventListener('resume', onResume);
  };
}
