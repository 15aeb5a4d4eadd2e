import { useState, type ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  Button,
  failureKey,
  formatMoney,
  formatTime,
  QueryState,
  SkeletonRows,
  toast,
  useCall,
  useCallMutation,
  useQueryClient,
} from '@invest/shared';
import { LOAN_STATE_LABELS } from '@invest/shared/values/loans';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { ReasonDialog } from '../queue/ReasonDialog';
import { useOperator, useProductsRole } from '../roles';
import { realNameKey } from './realName';
import s from '../queue/queue.module.css';
import u from './users.module.css';

/**
 * One user's page in the side panel: the profile, the real name, the cards (masked), the wallet, and the latest bills,
 * orders, loans and chat messages. An admin disables the user's login (with a reason, audited) or enables it again.
 */
export function UserDetail({ id }: { id: number }) {
  const { t } = useTranslation('ops');
  const def = atPath(opsCalls.opsUser, { id });
  const query = useCall(def);
  const admin = useOperator().data?.role === 'admin';
  const products = useProductsRole();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const changed = (message: string) => {
    toast(message, 'success');
    setAsking(false);
    void client.invalidateQueries({ queryKey: [opsCalls.opsUsers.path] });
    void client.invalidateQueries({ queryKey: [def.path] });
  };
  const user = query.data;
  const disabling = useCallMutation(atPath(opsCalls.opsUserDisable, { id }), { onSuccess: (r) => changed(t('users.disabledDone', { user: r.user })) });
  const enabling = useCallMutation(atPath(opsCalls.opsUserEnable, { id }), { onSuccess: (r) => changed(t('users.enabledDone', { user: r.user })) });
  const failure = (e: unknown) => (e ? t(failureKey(e, 'action.failed')) : null);
  const money = (minor: number) => formatMoney(minor, user?.wallet.currency ?? '');
  return (
    <QueryState query={query} skeleton={<SkeletonRows rows={6} />}>
      {user && (
        <>
          <dl className={s.facts}>
            <dt>{t('users.phone')}</dt>
            <dd>{user.user}</dd>
            <dt>{t('users.no')}</dt>
            <dd className="num">{user.no}</dd>
            <dt>{t('users.since')}</dt>
            <dd>{formatTime(user.created_at)}</dd>
            <dt>{t('users.disabled')}</dt>
            <dd>{user.disabled_at ? t('users.disabledAt', { at: formatTime(user.disabled_at) }) : t('users.no_')}</dd>
            <dt>{t('users.realName')}</dt>
            <dd>
              {t(realNameKey(user.real_name?.status ?? null))}
              {user.real_name && ` · ${user.real_name.real_name} · ${t(`idType.${user.real_name.id_type}`)} ${user.real_name.id_number}`}
            </dd>
            <dt>{t('users.balance')}</dt>
            <dd className="num">{money(user.wallet.balance)}</dd>
            <dt>{t('users.held')}</dt>
            <dd className="num">{money(user.wallet.held)}</dd>
            <dt>{t('users.available')}</dt>
            <dd className="num">{money(user.wallet.available)}</dd>
          </dl>
          {admin && (
            <>
              <div className={s.actions}>
                {user.disabled_at ? (
                  <Button busy={enabling.isPending} onClick={() => enabling.mutate({})}>
                    {t('users.enable')}
                  </Button>
                ) : (
                  <Button variant="danger" onClick={() => setAsking(true)}>
                    {t('users.disable')}
                  </Button>
                )}
              </div>
              {enabling.error && (
                <p className={s.error} role="alert">
                  {failure(enabling.error)}
                </p>
              )}
              <ReasonDialog
                open={asking}
                title={t('users.disableTitle', { user: user.user })}
                confirmLabel={t('users.disable')}
                reasonLabel={t('users.disableReason')}
                busy={disabling.isPending}
                error={failure(disabling.error)}
                onConfirm={(reason) => disabling.mutate({ reason })}
                onClose={() => setAsking(false)}
              />
            </>
          )}
          {products && <QualifiedInvestor id={id} initial={user.qualified} />}
          <Section title={t('users.cards')} empty={user.cards.length === 0}>
            {user.cards.map((c) => (
              <li key={c.id}>
                <span>{c.bank}</span>
                <span className="num">{c.bank_card}</span>
              </li>
            ))}
          </Section>
          <Section title={t('users.bills')} empty={user.bills.length === 0}>
            {user.bills.map((b) => (
              <li key={b.id}>
                <span>
                  {t(`billReason.${b.reason}`, { defaultValue: b.reason })} <span className={u.muted}>{formatTime(b.created_at)}</span>
                </span>
                <span className="num">{(b.type === 'expense' ? '−' : '+') + money(b.amount)}</span>
              </li>
            ))}
          </Section>
          <Section title={t('users.orders')} empty={user.orders.length === 0}>
            {user.orders.map((o) => (
              <li key={o.id}>
                <span>
                  {o.name} <span className={u.muted}>{o.tag}</span>
                </span>
                <span className="num">
                  {t(`orderSide.${o.state}`, { defaultValue: o.state })} {o.count} @ {o.price}
                </span>
              </li>
            ))}
          </Section>
          <Section title={t('users.loans')} empty={user.loans.length === 0}>
            {user.loans.map((l) => (
              <li key={l.id}>
                <span>
                  {t(`loanState.${LOAN_STATE_LABELS[l.state] ?? 'unapplied'}`)} <span className={u.muted}>{formatTime(l.created_at)}</span>
                </span>
                <span className="num">{money(l.count)}</span>
              </li>
            ))}
          </Section>
          <Section title={t('users.chat')} empty={user.chat.length === 0}>
            {user.chat.map((m) => (
              <li key={m.id}>
                <span>
                  <span className={u.muted}>{m.from === 'agent' ? t('users.agent') : t('users.theUser')}:</span> {m.text}
                </span>
                <span className={u.muted}>{formatTime(m.created_at)}</span>
              </li>
            ))}
          </Section>
        </>
      )}
    </QueryState>
  );
}

/**
 * Products (and admins) mark a user a qualified investor, who may then buy a QIP and the offers for qualified investors
 * only, or take the mark away; audited. The page shows the mark as the user's detail had it, then as this page set it.
 */
function QualifiedInvestor({ id, initial }: { id: number; initial: boolean }) {
  const { t } = useTranslation('ops');
  const [qualified, setQualified] = useState(initial);
  const marking = useCallMutation(atPath(opsCalls.opsUserQualified, { id }), {
    onSuccess: (r) => {
      setQualified(r.qualified);
      toast(t(r.qualified ? 'users.qualifiedDone' : 'users.unqualifiedDone', { user: r.user }), 'success');
    },
  });
  const busy = (to: boolean) => marking.isPending && marking.variables?.qualified === to;
  return (
    <section aria-labelledby={`qualified-${id}`}>
      <h3 className={u.section} id={`qualified-${id}`}>
        {t('users.qualified')}
      </h3>
      <p className={u.muted} role="status">
        {t(qualified ? 'users.isQualified' : 'users.isNotQualified')}
      </p>
      <p className={u.muted}>{t('users.qualifiedHint')}</p>
      <div className={u.qualifiedActions}>
        <Button variant="secondary" busy={busy(true)} disabled={marking.isPending || qualified === true} onClick={() => marking.mutate({ qualified: true })}>
          {t('users.markQualified')}
        </Button>
        <Button variant="secondary" busy={busy(false)} disabled={marking.isPending || qualified === false} onClick={() => marking.mutate({ qualified: false })}>
          {t('users.unmarkQualified')}
        </Button>
      </div>
      {marking.error && (
        <p className={s.error} role="alert">
          {t(failureKey(marking.error, 'action.failed'))}
        </p>
      )}
    </section>
  );
}

/** A titled list of the user's latest records, or a line saying there are none. */
function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  const { t } = useTranslation('ops');
  return (
    <section aria-label={title}>
      <h3 className={u.section}>{title}</h3>
      {empty ? <p className={u.muted}>{t('users.nothing')}</p> : <ul className={u.list}>{children}</ul>}
    </section>
  );
}
