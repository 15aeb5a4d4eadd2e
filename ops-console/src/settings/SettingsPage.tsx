import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  Button,
  currencySymbol,
  failureKey,
  formatMoney,
  formatPrice,
  DEFAULT_LANGUAGE,
  LANGUAGE_NAMES,
  LANGUAGES,
  MINOR_PER_UNIT,
  QueryState,
  SkeletonRows,
  TextField,
  toast,
  useCall,
  useCallMutation,
  useDeployment,
  useQueryClient,
  type Language,
} from '@invest/shared';
import { calls as schemas } from '@invest/shared/forms';
import { opsCalls } from '@invest/shared/ops-calls';
import { check } from '../forms/check';
import { CheckField, FormError, SelectField, Switch } from '../forms/fields';
import { draftOf, languagesValue, SECTIONS, SETTING_SPECS, specOf, storedLanguages, valueOf, type SettingSpec } from './specs';
import q from '../queue/queue.module.css';
import s from './settings.module.css';

type Setting = { tag: string; value: string };

/** The kinds typed as numbers (the phone and tablet keyboards show digits). */
const NUMBER_KINDS: readonly SettingSpec['kind'][] = ['units', 'money', 'bps', 'days', 'seconds', 'count'];

/** The settings in the order their section reads best (SETTING_SPECS'), one the console does not know after them. */
const ORDER = Object.keys(SETTING_SPECS);
const orderOf = (tag: string) => (ORDER.includes(tag) ? ORDER.indexOf(tag) : ORDER.length);

/**
 * The deployment's settings (admin): every setting the API lists, by section, each with an editor for its kind
 * (amounts as money in the deployment's currency, whole numbers with their unit, switches, the service link, the
 * languages) and its own Save: one setting is sent at a time, checked first, and the API's refusal is shown in its
 * own words beside it. Clearing a setting brings its default back.
 */
export function SettingsPage() {
  const { t } = useTranslation('ops');
  const query = useCall(opsCalls.opsSettings);
  const rows = query.data ?? [];
  return (
    <div className={s.page}>
      <div className={q.head}>
        <h1 className={q.title}>{t('settings.title')}</h1>
      </div>
      <p className={s.intro}>{t('settings.intro')}</p>
      <QueryState query={query} skeleton={<SkeletonRows rows={8} />}>
        {SECTIONS.map((section) => {
          const inSection = rows.filter((r) => specOf(r.tag).section === section).sort((a, b) => orderOf(a.tag) - orderOf(b.tag));
          if (!inSection.length) return null;
          return (
            <section key={section} className={s.section} aria-labelledby={`settings-${section}`}>
              <h2 id={`settings-${section}`} className={s.sectionTitle}>
                {t(`settingSection.${section}`)}
              </h2>
              <ul className={s.list}>
                {inSection.map((r) => (
                  // A saved value draws the row afresh: its editor starts from what is stored now.
                  <SettingRow key={`${r.tag}=${r.value}`} setting={r} />
                ))}
              </ul>
            </section>
          );
        })}
      </QueryState>
    </div>
  );
}

/** One setting: its name, what it means and its unit, what is in force now, its editor, Save and Use the default. */
function SettingRow({ setting }: { setting: Setting }) {
  const { t } = useTranslation('ops');
  const id = useId();
  const client = useQueryClient();
  const spec = specOf(setting.tag);
  const label = t(`setting.${setting.tag}.label`, { defaultValue: setting.tag });
  const saving = useCallMutation(opsCalls.opsSettingSet, {
    onSuccess: (saved) => {
      toast(saved.value ? t('settings.saved', { name: label }) : t('settings.cleared', { name: label }), 'success');
      void client.invalidateQueries({ queryKey: [opsCalls.opsSettings.path] });
    },
  });
  const send = (value: string) => {
    const checked = check(schemas.opsSettingSet.input, { tag: setting.tag, value });
    if (checked.data) saving.mutate(checked.data);
  };
  const refusal = saving.error ? t(failureKey(saving.error, 'action.failed')) : null;
  const help = t(`setting.${setting.tag}.help`, { defaultValue: t('settings.otherHelp') });
  return (
    <li className={s.row} data-testid="setting" data-tag={setting.tag}>
      <div className={s.about}>
        <h3 className={s.name} id={`${id}-name`}>
          {label}
        </h3>
        <p className={s.help} id={`${id}-help`}>
          {help}
        </p>
        <p className={s.now} data-testid="setting-now">
          <CurrentValue spec={spec} value={setting.value} />
        </p>
      </div>
      <div className={s.editor}>
        {spec.kind === 'flag' ? (
          <div className={s.switchLine}>
            <Switch checked={setting.value === '1'} onChange={(on) => send(on ? '1' : '0')} labelledBy={`${id}-name`} describedBy={`${id}-help`} disabled={saving.isPending} />
            <span aria-hidden="true">{setting.value === '1' ? t('settings.on') : t('settings.off')}</span>
          </div>
        ) : spec.kind === 'languages' ? (
          <LanguagesEditor value={setting.value} label={label} busy={saving.isPending} onSave={send} onClear={() => send('')} />
        ) : (
          <ValueEditor spec={spec} setting={setting} label={label} helpId={`${id}-help`} busy={saving.isPending} onSave={send} onClear={() => send('')} />
        )}
        <FormError message={refusal} />
      </div>
    </li>
  );
}

/** What is in force: the stored value as it reads (money as money, units named), or the default while unset. */
function CurrentValue({ spec, value }: { spec: SettingSpec; value: string }) {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const shown = (v: string) => readable(spec, v, t, currency);
  if (value) return <>{t('settings.now', { value: shown(value) })}</>;
  if (spec.kind === 'flag') return <>{t('settings.unsetOff')}</>;
  if (spec.fallback !== undefined) return <>{t('settings.unsetDefault', { value: shown(spec.fallback) })}</>;
  return <>{t(spec.kind === 'money' ? 'settings.unsetOffAmount' : 'settings.unset')}</>;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** A stored value as an operator reads it. */
function readable(spec: SettingSpec, value: string, t: T, currency: string): string {
  const n = Number(value);
  switch (spec.kind) {
    case 'money':
      return formatMoney(n, currency);
    case 'units':
      return formatMoney(n * MINOR_PER_UNIT, currency);
    case 'bps':
      return t('settings.bpsValue', { bps: value, percent: formatPrice(n / 100) });
    case 'days':
      return t('settings.daysValue', { count: n });
    case 'seconds':
      return t('settings.secondsValue', { count: n });
    case 'flag':
      return value === '1' ? t('settings.on') : t('settings.off');
    case 'languages': {
      const list = storedLanguages(value);
      return list.length === 1 ? LANGUAGE_NAMES[list[0]!] : list.map((l, i) => (i === 0 ? t('settings.defaultLanguage', { name: LANGUAGE_NAMES[l] }) : LANGUAGE_NAMES[l])).join(', ');
    }
    default:
      return value;
  }
}

/** A number or text setting: typed, checked as the API checks it, then saved; Use the default clears it. */
function ValueEditor({
  spec,
  setting,
  label,
  helpId,
  busy,
  onSave,
  onClear,
}: {
  spec: SettingSpec;
  setting: Setting;
  label: string;
  helpId: string;
  busy: boolean;
  onSave: (value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const [draft, setDraft] = useState(() => draftOf(spec, setting.value));
  const result = valueOf(spec, draft);
  const changed = 'value' in result && result.value !== setting.value;
  const problem = draft.trim() !== '' && 'problem' in result ? t(`settingProblem.${result.problem}`, { min: spec.min, max: spec.max }) : null;
  const numeric = NUMBER_KINDS.includes(spec.kind);
  const unit = unitOf(spec, currency, t);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if ('value' in result && changed) onSave(result.value);
  };
  return (
    <form className={s.valueForm} onSubmit={submit} aria-label={label}>
      <TextField
        label={unit ? t('settings.valueIn', { unit }) : t('settings.value')}
        value={draft}
        onChange={setDraft}
        inputMode={spec.kind === 'money' ? 'decimal' : numeric ? 'numeric' : spec.kind === 'link' ? 'url' : 'text'}
        placeholder={spec.kind === 'link' ? 'https://… /customer-service' : spec.kind === 'origins' ? 'https://partner.example' : spec.fallback !== undefined ? draftOf(spec, spec.fallback) : undefined}
        maxLength={256}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={helpId}
        error={problem}
      />
      <div className={s.buttons}>
        <Button type="submit" busy={busy} disabled={!changed}>
          {t('settings.save')}
        </Button>
        {setting.value !== '' && (
          <Button variant="secondary" disabled={busy} onClick={onClear}>
            {t('settings.useDefault')}
          </Button>
        )}
      </div>
      {spec.kind === 'link' && 'value' in result && result.value.startsWith('https:') && (
        <a className={s.preview} href={result.value} target="_blank" rel="noopener noreferrer">
          {t('settings.openLink')}
        </a>
      )}
    </form>
  );
}

/** The unit a number setting is typed in, named for the field's label. */
function unitOf(spec: SettingSpec, currency: string, t: T): string | null {
  switch (spec.kind) {
    case 'money':
      return t('settings.unitMoney', { symbol: currencySymbol(currency) || currency });
    case 'units':
      return t('settings.unitUnits', { symbol: currencySymbol(currency) || currency });
    case 'bps':
      return t('settings.unitBps');
    case 'days':
      return t('settings.unitDays');
    case 'seconds':
      return t('settings.unitSeconds');
    default:
      return null;
  }
}

/**
 * The languages the app offers: a checkbox per language and which of them is the default (the first in the value),
 * for visitors who have not chosen one. At least one is offered; the default is always one of those offered.
 */
function LanguagesEditor({ value, label, busy, onSave, onClear }: { value: string; label: string; busy: boolean; onSave: (value: string) => void; onClear: () => void }) {
  const { t } = useTranslation('ops');
  const stored = storedLanguages(value);
  const [chosen, setChosen] = useState<Language[]>(stored);
  const [first, setFirst] = useState<Language>(stored[0]!);
  const next = languagesValue(chosen, first);
  const changed = next !== languagesValue(stored, stored[0]!);
  const toggle = (lng: Language, on: boolean) => {
    const list = on ? [...chosen, lng] : chosen.filter((l) => l !== lng);
    setChosen(list);
    // The default must be offered: unticking it makes English (always offered) the default.
    if (!on && lng === first) setFirst(DEFAULT_LANGUAGE);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed) onSave(next);
  };
  return (
    <form className={s.stackForm} onSubmit={submit} aria-label={label}>
      <fieldset className={s.languages}>
        <legend className={s.legend}>{t('settings.offered')}</legend>
        {LANGUAGES.map((lng) =>
          lng === DEFAULT_LANGUAGE ? (
            // English is always offered: every text falls back to it (the API refuses a list without it).
            <CheckField key={lng} label={languageLabel(lng, t)} checked disabled onChange={() => undefined} hint={t('settings.englishAlways')} />
          ) : (
            <CheckField key={lng} label={languageLabel(lng, t)} checked={chosen.includes(lng)} onChange={(on) => toggle(lng, on)} />
          ),
        )}
      </fieldset>
      <SelectField
        label={t('settings.defaultFirst')}
        value={first}
        onChange={setFirst}
        options={LANGUAGES.filter((l) => l === DEFAULT_LANGUAGE || chosen.includes(l)).map((l) => ({ value: l, label: languageLabel(l, t) }))}
      />
      <p className={s.help} data-testid="languages-value">
        {t('settings.willSend', { value: next })}
      </p>
      <div className={s.buttons}>
        <Button type="submit" busy={busy} disabled={!changed}>
          {t('settings.save')}
        </Button>
        {value !== '' && (
          <Button variant="secondary" disabled={busy} onClick={onClear}>
            {t('settings.useDefault')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** A language by its own name and, when the console is in another language, by the console's too: "Deutsch (German)". */
function languageLabel(lng: Language, t: T): string {
  const own = LANGUAGE_NAMES[lng];
  const ours = t(`language.${lng}`);
  return own === ours ? own : `${own} (${ours})`;
}
