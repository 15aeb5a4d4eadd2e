import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Icon, SEARCH_DEBOUNCE_MS } from '@invest/shared';
import s from './products.module.css';

/**
 * Search by code above a list. Typing searches 300 ms after the last key; Enter (or the button) searches at once.
 * A blank search is never sent: typed blank shows the whole list again, a blank submit says a code is needed.
 * `onSearch` receives the trimmed code ('' for the whole list).
 */
export function CodeSearch({ onSearch }: { onSearch: (code: string) => void }) {
  const { t } = useTranslation('products');
  const [text, setText] = useState('');
  const [required, setRequired] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onType = (value: string) => {
    setText(value);
    setRequired(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(value.trim()), SEARCH_DEBOUNCE_MS);
  };

  return (
    <>
      <form
        className={s.search}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          clearTimeout(timer.current);
          const code = text.trim();
          setRequired(!code);
          if (code) onSearch(code);
        }}
      >
        <label className={s.searchField}>
          <Icon name="search" size={18} />
          <input
            className={s.searchInput}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={text}
            onChange={(e) => onType(e.target.value)}
          />
        </label>
        <button type="submit" className={s.searchButton}>
          {t('search.submit')}
        </button>
      </form>
      {required && (
        <p className={s.searchMessage} role="alert">
          {t('search.required')}
        </p>
      )}
    </>
  );
}
