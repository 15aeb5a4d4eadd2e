import { useEffect, useRef } from 'react';
import { bus } from '../bus';

/**
 * Runs `task` now and every `intervalMs` while the app is in the foreground. The shell publishes app:pause and
 * app:resume (page visibility, or the hybrid app going to the background): polling stops, and resumes at once.
 * A slow task is never overlapped by the next tick. A new `restartKey` (say, the tab the list shows) runs the task
 * at once and starts the interval over.
 */
export function usePolling(task: () => Promise<unknown> | void, intervalMs: number, enabled = true, restartKey?: unknown): void {
  const taskRef = useRef(task);
  taskRef.current = task;

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let paused = typeof document !== 'undefined' && document.visibilityState === 'hidden';

    const tick = async () => {
      timer = undefined;
      if (stopped || paused) return;
      try {
        await taskRef.current();
      } catch {
        /* the task reports its own errors; polling goes on */
      }
      if (!stopped && !paused) timer = setTimeout(tick, intervalMs);
    };

    const subs = [
      bus.on('app:pause').subscribe(() => {
        paused = true;
        clearTimeout(timer);
        timer = undefined;
      }),
      bus.on('app:resume').subscribe(() => {
        if (!paused) return;
        paused = false;
        void tick();
      }),
    ];
    if (!paused) void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      subs.forEach((s) => s.unsubscribe());
    };
  }, [intervalMs, enabled, restartKey]);
}
