import { useTranslation } from 'react-i18next';
import { Icon } from '@invest/shared';
import { navigate } from '../navigation';
import s from './frame.module.css';

export function ServiceButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className={s.service} aria-label={t('shell.customerService')} onClick={() => navigate('/customer-service')}>
      <Icon name="service" size={24} />
    </button>
  );
}
