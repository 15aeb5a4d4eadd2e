import { useTranslation } from '@invest/runtime';
import { Button } from '@invest/shared';
import { navigate } from '../navigation';
import s from './frame.module.css';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <div className={s.notFound}>
      <p>{t('shell.notFound')}</p>
      <Button onClick={() => navigate('/', { replace: true })}>{t('shell.goHome')}</Button>
    </div>
  );
}
