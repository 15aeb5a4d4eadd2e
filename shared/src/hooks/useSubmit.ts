import { useCallback, useRef, useState } from 'react';

/**
 * Wraps a submit so it runs once at a time: a second tap while the first call runs is ignored,
 * and `busy` drives the button's lock.
 */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (...args: A) => {
      if (running.current) return;
      running.current = true;
      setBusy(true);
      try {
        await action(...args);
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [action],
  );
  return { run, busy };
}
