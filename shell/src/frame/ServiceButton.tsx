import { ServiceLink } from '@invest/shared';
import s from './frame.module.css';

/** The floating customer-service button: the kit's service link (the configured target, the unread badge). */
export function ServiceButton() {
  return <ServiceLink className={s.service} iconSize={24} />;
}
