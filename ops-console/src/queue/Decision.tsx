import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, failureKey, toast, useCallMutation, type Endpoint } from '@invest/shared';
import { ReasonDialog } from './ReasonDialog';
import { useRefreshQueue } from './queueQuery';
import s from './queue.module.css';

/** What a decision's controls and messages say, translated. */
export interface DecisionTexts<O = unknown> {
  accept: string;
  refuse: string;
  refuseTitle: string;
  /** The toast after accepting: a text, or one chosen by the answer (a first of two approvals is not a payout). */
  accepted: string | ((answer: O) => string);
  refused: string;
}

/**
 * The two ways an operator settles a queue item: accept it as it is, or refuse it with a reason the user reads.
 * `accept` and `refuse` are the item's calls (path filled in with `atPath`); after either the queue's `list` asks
 * again and `onDone` closes the item. A refusal by the API is shown in its own translated words.
 */
export function Decision<O>({
  accept,
  refuse,
  list,
  texts,
  onDone,
}: {
  accept: Endpoint<object, O>;
  refuse: Endpoint<{ reason: string }>;
  list: Pick<Endpoint, 'path'>;
  texts: DecisionTexts<O>;
  onDone: () => void;
}) {
  const { t } = useTranslation('ops');
  const refresh = useRefreshQueue(list);
  const [asking, setAsking] = useState(false);
  const settled = (message: string) => {
    toast(message, 'success');
    refresh();
    onDone();
  };
  const accepting = useCallMutation(accept, { onSuccess: (answer) => settled(typeof texts.accepted === 'string' ? texts.accepted : texts.accepted(answer)) });
  const refusing = useCallMutation(refuse, { onSuccess: () => settled(texts.refused) });
  const failure = (e: unknown) => (e ? t(failureKey(e, 'action.failed')) : null);
  return (
    <>
      <div className={s.actions}>
        <Button busy={accepting.isPending} disabled={refusing.isPending} onClick={() => accepting.mutate({})}>
          {texts.accept}
        </Button>
        <Button variant="danger" disabled={accepting.isPending} onClick={() => setAsking(true)}>
          {texts.refuse}
        </Button>
      </div>
      {accepting.error && (
        <p className={s.error} role="alert">
          {failure(accepting.error)}
        </p>
      )}
      <ReasonDialog
        open={asking}
        title={texts.refuseTitle}
        confirmLabel={texts.refuse}
        busy={refusing.isPending}
        error={failure(refusing.error)}
        onConfirm={(reason) => refusing.mutate({ reason })}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
