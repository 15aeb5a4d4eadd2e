import type { FastifyInstance } from 'fastify';
import { calls, REAL_NAME_STATUS } from '@invest/shared/contract';
import { idParam, route, subjectOf } from '../http/route';
import { decideRealName, getRealName, listRealNames, realNameState, submitRealName } from './store';

/** Real-name verification: the user's submission and state, and the operators' review. */
export async function kycPlugin(app: FastifyInstance): Promise<void> {
  const { currency } = app.apiConfig;

  route(app, calls.realNameState, async (_input, ctx) => realNameState(app.db, subjectOf(ctx).id));
  route(app, calls.realNameAdd, async (input, ctx) =>
    submitRealName(
      app.db,
      {
        userId: subjectOf(ctx).id,
        currency,
        realName: input.real_name,
        idType: input.id_type,
        idNumber: input.id_number,
        front: input.id_number_img,
        back: input.id_number_img_two,
      },
      ctx.now,
    ),
  );

  route(app, calls.opsKycList, async ({ status, ...paging }) => listRealNames(app.db, status, paging));
  route(app, calls.opsKycGet, async (_input, ctx) => getRealName(app.db, idParam(ctx)));
  route(app, calls.opsKycApprove, async (_input, ctx) =>
    decideRealName(app.db, idParam(ctx), subjectOf(ctx).id, { status: REAL_NAME_STATUS.approved }, ctx.now),
  );
  route(app, calls.opsKycReject, async ({ reason }, ctx) =>
    decideRealName(app.db, idParam(ctx), subjectOf(ctx).id, { status: REAL_NAME_STATUS.rejected, reason }, ctx.now),
  );
}
