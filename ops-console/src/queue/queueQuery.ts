import { LIST_POLL_MS, useQueryClient, type Endpoint } from '@invest/shared';

/** The most rows a queue asks for at once (the contract's page limit): the table sorts, filters and pages them. */
export const QUEUE_LIMIT = 100;

/** A queue's list input beside its status: the first QUEUE_LIMIT rows. */
export const QUEUE_PAGE = { page: 1, limit: QUEUE_LIMIT } as const;

/** A queue is live: its list is asked again every LIST_POLL_MS (the spec's list interval), new items appear by themselves. */
export const QUEUE_POLL = { refetchInterval: LIST_POLL_MS } as const;

/** After a decision: the queue's list asks again at once. */
export function useRefreshQueue(list: Pick<Endpoint, 'path'>): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: [list.path] });
}
