import { useId, type ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, failureKey, type ApiError } from '@invest/shared';
import f from './forms.module.css';

/** A labelled choice from a short list (the native select: keyboard and screen readers know it). */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  hint,
  disabled,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={f.field}>
      <label className={f.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={f.select} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as V)} aria-describedby={hint ? `${id}-hint` : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <span id={`${id}-hint`} className={f.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** A checkbox with its label as the whole touch target. */
export function CheckField({ label, checked, onChange, disabled, hint }: { label: string; checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean; hint?: string }) {
  const id = useId();
  return (
    <div className={f.checkField}>
      <label className={f.check}>
        <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
        <span>{label}</span>
      </label>
      {hint && (
        <span id={`${id}-hint`} className={f.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** An on/off switch named by `labelledBy` (the setting's own label): role=switch, toggled by Space or Enter as a button. */
export function Switch({ checked, onChange, labelledBy, describedBy, disabled }: { checked: boolean; onChange: (checked: boolean) => void; labelledBy: string; describedBy?: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      className={checked ? `${f.switch} ${f.on}` : f.switch}
      onClick={() => onChange(!checked)}
    >
      <span className={f.knob} aria-hidden="true" />
    </button>
  );
}

/** A labelled group of controls (fieldset and legend). */
export function FieldGroup({ legend, children, hint }: { legend: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <fieldset className={f.group}>
      <legend className={f.label}>{legend}</legend>
      {hint && <p className={f.hint}>{hint}</p>}
      {children}
    </fieldset>
  );
}

/** A form's refusal by the API, in its own words (or the console's "did not go through"). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={f.error} role="alert">
      {message}
    </p>
  );
}

/**
 * The foot of a create form: the API's refusal of the last try, Cancel, and the submit button (busy while it sends,
 * off until the form is ready).
 */
export function CreateActions({ error, busy, ready, label, onCancel }: { error: ApiError | null; busy: boolean; ready: boolean; label: string; onCancel: () => void }) {
  const { t } = useTranslation('ops');
  return (
    <>
      <FormError message={error ? t(failureKey(error, 'action.failed')) : null} />
      <div className={f.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" busy={busy} disabled={!ready}>
          {label}
        </Button>
      </div>
    </>
  );
}
