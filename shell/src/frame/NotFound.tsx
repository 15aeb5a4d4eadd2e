import { useTranslation } from '@invest/runtime';
import { Button } from '@invest/shared';
import { navigate } from '../navigation';
import s from './frame.module.css';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <div className={s.notFound}>
      <p>{t('notFound')}</p>
      <Button onClick={() => navigate('/', { replace: true })}>{t('goHome')}</Button>
    </div>
  );
}
