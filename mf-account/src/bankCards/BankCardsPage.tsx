import { useTranslation } from '@invest/runtime';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  calls,
  callKey,
  DataState,
  EmptyState,
  Icon,
  NotFoundState,
  PageHeader,
  QueryState,
  sameAppPath,
  SkeletonRows,
  Spinner,
  toast,
  troubleOf,
  useCall,
  useDeployment,
  useQueryClient,
  WithDeployment,
} from '@invest/shared';
import { BankCardForm } from './BankCardForm';
import { maskCard } from './cardForm';
import s from './bankCards.module.css';

const LIST_INPUT = { type: 'bank' } as const;
const USABLE = 1;

/** Where a link inside the screen goes: the list, or the form for a new card (`new`) or a card's id; `from` is kept. */
function screenHref(from: string | null, card: string | null): string {
  const p = new URLSearchParams();
  if (card) p.set('card', card);
  if (from) p.set('from', from);
  const q = p.toString();
  return `/settings/bank-cards${q ? `?${q}` : ''}`;
}

/**
 * /settings/bank-cards: the user's cards (withdrawal destinations), each masked to its last 4 digits, and the add and
 * edit form on the same route (`?card=new`, `?card=<id>`), so the phone's back closes the form. `?from=/withdraw`
 * (the withdraw screen's "add a card" prompt) leads back there: the header's back, and after a card is added.
 */
export function BankCardsPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const from = sameAppPath(params.get('from'));
  const editing = params.get('card');
  const list = useCall(calls.bankList, LIST_INPUT);
  // The form needs the deployment's settings: asked for with the list, so the form opens at once.
  useDeployment();
  const cards = list.data;
  const trouble = troubleOf(list);
  const retry = () => void list.refetch();
  // The form was opened from the list (a push): back is a step back in history; opened by its URL, back is the list.
  const cameFromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  const toList = () => (cameFromList ? navigate(-1) : navigate(screenHref(from, null), { replace: true }));

  if (editing) {
    const card = editing === 'new' ? undefined : cards?.find((c) => String(c.id) === editing);
    const title = editing === 'new' ? t('bankCards.addTitle') : t('bankCards.editTitle');
    const saved = () => {
      void client.invalidateQueries({ queryKey: callKey(calls.bankList) });
      toast(t(editing === 'new' ? 'bankCards.added' : 'bankCards.updated'), 'success');
      if (editing === 'new' && from) navigate(from, { replace: true });
      else toList();
    };
    // A card of the list that is not (or not yet) there: not found once the list came, else its loading state.
    const missing =
      editing !== 'new' &&
      !card &&
      (cards ? (
        <NotFoundState title={t('bankCards.notFound')} />
      ) : (
        <DataState ready={false} trouble={trouble} onRetry={retry} busy={list.isFetching} errorTitle={t('bankCards.loadFailed')} skeleton={<Spinner />}>
          {null}
        </DataState>
      ));
    const body = missing || <WithDeployment>{(d) => <BankCardForm key={editing} deployment={d} card={card} onSaved={saved} />}</WithDeployment>;
    return (
      <>
        <PageHeader title={title} back={toList} />
        {body}
      </>
    );
  }

  const addLink = (
    <Link to={screenHref(from, 'new')} state={{ fromList: true }} className={s.addButton}>
      <span className={s.plus} aria-hidden="true">
        +
      </span>
      {t('bankCards.add')}
    </Link>
  );
  return (
    <>
      <PageHeader title={t('titles.bankCards')} back={from ? () => navigate(from) : true} />
      <QueryState query={list} errorTitle={t('bankCards.loadFailed')} skeleton={<SkeletonRows rows={2} />}>
        {cards?.length === 0 ? (
          <EmptyState testId="bank-cards-empty" icon={<Icon name="card" size={40} />} title={t('bankCards.empty')} text={t('bankCards.emptyBody')} action={addLink} />
        ) : (
          <div className={s.page}>
            <ul className={s.cards} aria-label={t('bankCards.list')}>
              {cards?.map((c) => (
                <li key={c.id} className={s.card} data-testid="bank-card">
                  <div className={s.cardMain}>
                    <p className={s.bank}>{c.bank}</p>
                    <p className={`${s.number} num`} data-testid="card-number">
                      {maskCard(c.bank_card)}
                    </p>
                    <p className={s.meta}>
                      {c.bank_user}
                      {c.ifsc && <span className="num"> · {c.ifsc}</span>}
                    </p>
                  </div>
                  <div className={s.cardSide}>
                    <span className={c.status === USABLE ? s.usable : s.unusable}>{t(c.status === USABLE ? 'bankCards.usable' : 'bankCards.unusable')}</span>
                    <Link
                      to={screenHref(from, String(c.id))}
                      state={{ fromList: true }}
                      className={s.edit}
                      aria-label={t('bankCards.editCard', { bank: c.bank, last4: maskCard(c.bank_card).slice(-4) })}
                    >
                      {t('bankCards.edit')}
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
            {addLink}
          </div>
        )}
      </QueryState>
    </>
  );
}
