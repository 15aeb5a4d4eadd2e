import { useTranslation } from '@invest/runtime';
import { Icon, type IconName } from '@invest/shared';
import { navigate } from '../navigation';
import s from './frame.module.css';

const TABS: { path: string; label: string; icon: IconName }[] = [
  { path: '/', label: 'nav.home', icon: 'home' },
  { path: '/markets', label: 'nav.markets', icon: 'markets' },
  { path: '/watchlists', label: 'nav.watchlists', icon: 'star' },
  { path: '/trade', label: 'nav.trade', icon: 'trade' },
  { path: '/account', label: 'nav.account', icon: 'account' },
];

/** The spec truncates nav labels to 6 characters; the full label stays available to screen readers. */
export const truncateLabel = (label: string) => Array.from(label).slice(0, 6).join('');

/** `onIntent`: a tab is being pressed (pointerdown comes ~100 ms before the click): time to fetch its code. */
export function BottomNav({ pathname, onIntent }: { pathname: string; onIntent?: (path: string) => void }) {
  const { t } = useTranslation('shell');
  return (
    <nav className={s.nav} aria-label="Main">
      {TABS.map((tab) => {
        const label = t(tab.label);
        const active = pathname === tab.path;
        return (
          <a
            key={tab.path}
            href={tab.path}
            className={active ? `${s.tab} ${s.active}` : s.tab}
            aria-current={active ? 'page' : undefined}
            aria-label={label}
            onPointerDown={() => !active && onIntent?.(tab.path)}
            onClick={(e) => {
              e.preventDefault();
              if (!active) navigate(tab.path);
            }}
          >
            <Icon name={tab.icon} size={22} />
            <span className={s.tabLabel}>{truncateLabel(label)}</span>
          </a>
        );
      })}
    </nav>
  );
}
