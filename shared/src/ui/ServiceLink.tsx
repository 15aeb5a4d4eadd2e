import type { MouseEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { useServiceLink, useUnreadCount } from '../hooks/useCustomerService';
import { Icon } from './icons';
import s from './ServiceLink.module.css';

/**
 * A customer-service icon (the home header's, the shell's floating button): leads where GET /stock/success/kefu says
 * and shows the unread count as a badge. Its name says the count too (the badge itself is hidden from screen readers).
 * An in-app route is opened like any link of the app (single-spa reroutes every app on pushState).
 */
export function ServiceLink({ className, iconSize }: { className?: string; iconSize?: number }) {
  const { t } = useTranslation();
  const { href, external } = useServiceLink();
  const unread = useUnreadCount();
  const label = unread > 0 ? t('common.serviceUnread', { count: unread }) : t('common.customerService');
  const open = (e: MouseEvent) => {
    if (external || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    window.history.pushState(null, '', href);
  };
  return (
    <a
      href={href}
      className={className}
      aria-label={label}
      onClick={open}
      {...(external && { target: '_blank', rel: 'noopener noreferrer' })}
    >
      <span className={s.icon}>
        <Icon name="service" size={iconSize} />
        {unread > 0 && (
          <span className={s.badge} aria-hidden="true" data-testid="unread-badge">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </span>
    </a>
  );
}
