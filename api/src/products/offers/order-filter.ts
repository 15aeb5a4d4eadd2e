/**
 * The block orders screen's tabs (spec §4): with mold bulk or finalize, deal/list's `status` is 0 all, 1 success, 2
 * failed, where a block order is failed in any status but 1. Other molds keep the order statuses as they are.
 */
import { BLOCK_ORDER_FILTER, isBlockMold, ORDER_STATUS } from '@invest/shared/contract';

export function blockOrderFilter<Q extends { status?: number; mold?: string }>(q: Q): Q & { exceptStatus?: number } {
  if (!isBlockMold(q.mold) || q.status === undefined || q.status === BLOCK_ORDER_FILTER.success) return q;
  if (q.status === BLOCK_ORDER_FILTER.all) return { ...q, status: undefined };
  return { ...q, status: undefined, exceptStatus: ORDER_STATUS.success };
}
