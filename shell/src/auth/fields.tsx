import { useTranslation } from '@invest/runtime';
import { sanitizePhone, TextField } from '@invest/shared';
import s from './auth.module.css';

/** The phone input of the auth screens: digits only, at most 10, even when pasted as "+91 98765 43210". */
export function PhoneField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('shell');
  return (
    <TextField
      label={t('auth.phone')}
      placeholder={t('auth.phonePlaceholder')}
      value={value}
      onChange={(v) => onChange(sanitizePhone(v))}
      inputMode="numeric"
      autoComplete="tel-national"
      name="user"
    />
  );
}

/** The form's one message, read out when it appears. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className={s.formError} role="alert">
      {message}
    </p>
  ) : null;
}
