import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { Icon } from './icons';
import s from './kit.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** Password fields get a show/hide toggle. */
  revealable?: boolean;
  addon?: ReactNode;
};

export function TextField({ label, value, onChange, error, revealable, addon, type = 'text', ...rest }: Props) {
  const id = useId();
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const inputType = revealable ? (revealed ? 'text' : 'password') : type;
  return (
    <div className={s.field}>
      <label className={s.label} htmlFor={id}>
        {label}
      </label>
      <div className={[s.inputWrap, error ? s.invalid : ''].join(' ')}>
        <input
          id={id}
          className={s.input}
          type={inputType}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
          {...rest}
        />
        {revealable && (
          <button
            type="button"
            className={s.addon}
            aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
            onClick={() => setRevealed((r) => !r)}
          >
            <Icon name={revealed ? 'eyeOff' : 'eye'} size={20} />
          </button>
        )}
        {addon}
      </div>
      {error && (
        <span id={`${id}-err`} className={s.fieldError} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
