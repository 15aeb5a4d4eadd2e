import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, calls, toast } from '@invest/shared';

/**
 * The favourite star (spec §4): collected or not, from collection/check; a toggle adds or removes it. The button
 * is locked while a call runs (and until the first check answers); a failure says so and leaves the state as it was.
 */
export function useFavourite(symbol: string) {
  const { t } = useTranslation();
  const [collected, setCollected] = useState(false);
  const [busy, setBusy] = useState(true);
  const running = useRef(false);

  useEffect(() => {
    let live = true;
    running.current = true;
    setBusy(true);
    call(calls.collectionCheck, { symbol })
      .then((r) => live && setCollected(r.collected))
      .catch((e) => {
        console.warn('[mf-markets] favourite check failed', e);
        if (live) setCollected(false);
      })
      .finally(() => {
        if (!live) return;
        running.current = false;
        setBusy(false);
      });
    return () => {
      live = false;
      running.current = false;
    };
  }, [symbol]);

  const toggle = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    const adding = !collected;
    try {
      await call(adding ? calls.collectionAdd : calls.collectionRemove, { symbol });
      setCollected(adding);
      toast(adding ? t('markets.detail.favAdded') : t('markets.detail.favRemoved'), 'success');
    } catch (e) {
      console.warn('[mf-markets] favourite failed', e);
      toast(t('markets.detail.favFailed'), 'error');
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, [collected, symbol, t]);

  return { collected, busy, toggle };
}
