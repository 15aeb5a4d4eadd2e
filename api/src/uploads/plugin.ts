import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, UPLOAD_MAX_BYTES, UPLOAD_NAME, UPLOAD_PATH } from '@invest/shared/contract';
import { cachedSubject, resolveToken } from '../auth/tokens';
import { ApiError } from '../http/errors';
import { bearerToken, route, subjectOf } from '../http/route';
import { cleanImage } from './images';
import { checkDailyUploads, findUpload, saveUpload, uploadsDir, uploadUrl } from './store';

/** The picture of a multipart request: its single file part, at most UPLOAD_MAX_BYTES. */
async function uploadedBytes(req: FastifyRequest): Promise<Buffer> {
  try {
    const part = await req.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    if (!part) throw new ApiError(422, 'notAnImage');
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'imageTooLarge');
    // Not multipart, more than one file, a stray field, a body cut short.
    throw new ApiError(422, 'notAnImage');
  }
}

/**
 * Uploads (spec §7: POST /stock/success/upload, multipart): ID photos, cleaned by cleanImage and kept in the data
 * folder. A picture is served only to its owner and to operators; to anyone else, signed in or not, it does not
 * exist (404), so its address alone reveals nothing.
 */
export async function uploadsPlugin(app: FastifyInstance): Promise<void> {
  const dir = uploadsDir(app.apiConfig);
  await app.register(multipart);

  route(app, calls.upload, async (_input, ctx) => {
    const userId = subjectOf(ctx).id;
    await checkDailyUploads(app.db, userId, ctx.now);
    const image = await cleanImage(await uploadedBytes(ctx.req));
    const row = await saveUpload(app.db, dir, userId, image, ctx.now);
    return { url: uploadUrl(row.name) };
  });

  app.get(`${UPLOAD_PATH}/:name`, async (req, reply) => {
    const { name } = req.params as { name: string };
    const now = app.clock();
    const token = bearerToken(req);
    const subject = token ? (cachedSubject(token, now) ?? (await resolveToken(app.db, token, now))) : null;
    const row = subject && UPLOAD_NAME.test(name) ? await findUpload(app.db, name) : null;
    const allowed = row && (subject?.kind === 'operator' || (subject?.kind === 'user' && row.userId === subject.id));
    const data = allowed ? await fs.readFile(path.join(dir, row.name)).catch(() => null) : null;
    if (!row || !data) throw new ApiError(404, 'notFound');
    return reply
      .header('content-type', row.mime)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'inline')
      // Opened on its own, the picture is a sandboxed document that can run nothing.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
      .send(data);
  });
}
