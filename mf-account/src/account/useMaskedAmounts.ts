import { useState } from 'react';
import { storage } from '@invest/shared';

const KEY = 'hideAmounts';

/** The wallet card's eye toggle; the choice is kept across visits. */
export function useMaskedAmounts(): [boolean, () => void] {
  const [masked, setMasked] = useState(() => storage.get(KEY) === '1');
  const toggle = () =>
    setMasked((m) => {
      storage.set(KEY, m ? '0' : '1');
      return !m;
    });
  return [masked, toggle];
}
