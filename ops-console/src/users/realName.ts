import { REAL_NAME_STATUS } from '@invest/shared';

/** The text key of a user's real-name state (REAL_NAME_STATUS of their latest submission, null for none). */
export function realNameKey(status: number | null): string {
  switch (status) {
    case REAL_NAME_STATUS.review:
      return 'realName.review';
    case REAL_NAME_STATUS.approved:
      return 'realName.approved';
    case REAL_NAME_STATUS.rejected:
      return 'realName.rejected';
    default:
      return 'realName.none';
  }
}
