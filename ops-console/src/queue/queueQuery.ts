import { useState } from 'react';
import { LIST_POLL_MS, useQueryClient, type Endpoint } from '@invest/shared';

/** The most rows a queue asks for at once (the contract's page limit): the table sorts, filters and pages them. */
export const QUEUE_LIMIT = 100;

/** A queue is live: its list is asked again every LIST_POLL_MS (the spec's list interval), new items appear by themselves. */
export const QUEUE_POLL = { refetchInterval: LIST_POLL_MS } as const;

/**
 * Which batch of QUEUE_LIMIT rows a queue shows: the API lists newest first and pages (`page`, `limit`), so the older
 * items of a long queue are the next batches. `input` goes beside the list's filter; QueuePage shows the batch pager.
 */
export interface QueueBatch {
  input: { page: number; limit: number };
  page: number;
  setPage: (page: number) => void;
}

export function useQueueBatch(): QueueBatch {
  const [page, setPage] = useState(1);
  return { input: { page, limit: QUEUE_LIMIT }, page, setPage };
}

/** After a decision: the queue's list asks again at once. */
export function useRefreshQueue(list: Pick<Endpoint, 'path'>): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: [list.path] });
}
