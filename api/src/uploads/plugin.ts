import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { calls, UPLOAD_MAX_BYTES, UPLOAD_NAME, UPLOAD_PATH } from '@invest/shared/contract';
import { cachedSubject, resolveToken } from '../auth/tokens';
import { ApiError } from '../http/errors';
import { limitAs } from '../http/rate-limit';
import { bearerToken, route, subjectOf } from '../http/route';
import { Slots } from '../http/slots';
import { cleanImage, keptType, TYPE_BYTES } from './images';
import { checkDailyUploads, findUpload, saveUpload, uploadsDir, uploadUrl } from './store';

/** Uploads of one user read at once: the real-name form's two photos. Each may buffer up to UPLOAD_MAX_BYTES. */
const UPLOADS_IN_FLIGHT_PER_USER = 2;

/** What multipart adds around the file (boundaries, the part's headers with its file name): far less than this. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/**
 * The picture of a multipart request: its single file part, at most UPLOAD_MAX_BYTES. Refused before it is buffered
 * when the request says it is too large (Content-Length), and once its first bytes show no kept picture type.
 */
async function uploadedBytes(req: FastifyRequest): Promise<Buffer> {
  try {
    if (Number(req.headers['content-length']) > UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) throw new ApiError(413, 'imageTooLarge');
    const part = await req.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    if (!part) throw new ApiError(422, 'notAnImage');
    const chunks: Buffer[] = [];
    let size = 0;
    let typeChecked = false;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (!typeChecked && size >= TYPE_BYTES) {
        typeChecked = true;
        if (!(await keptType(Buffer.concat(chunks)))) throw new ApiError(422, 'notAnImage');
      }
    }
    if (part.file.truncated) throw new ApiError(413, 'imageTooLarge');
    return Buffer.concat(chunks);
  } catch (err) {
    if (err instanceof ApiError) throw err;
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
  const inFlight = new Slots(UPLOADS_IN_FLIGHT_PER_USER);
  await app.register(multipart);

  /** Reads, cleans and keeps a picture of the user's: at most UPLOADS_IN_FLIGHT_PER_USER at once. */
  async function keepUpload(req: FastifyRequest, userId: number, now: Date) {
    const release = inFlight.take(String(userId));
    try {
      return await saveUpload(app.db, dir, userId, await cleanImage(await uploadedBytes(req)), now);
    } finally {
      release();
    }
  }

  route(app, calls.upload, async (_input, ctx) => {
    try {
      const userId = subjectOf(ctx).id;
      // Every attempt counts, before its body is read: a refused one costs the sender as much as a picture.
      limitAs(ctx.req, String(userId));
      await app.limiters.uploadsPerUser.consume(ctx.req);
      await checkDailyUploads(app.db, userId, ctx.now);
      const row = await keepUpload(ctx.req, userId, ctx.now);
      return { url: uploadUrl(row.name) };
    } catch (err) {
      // A body too large is not read on: the connection closes after the answer. After any other refusal the rest of
      // the body is read and dropped as it comes (never kept), so the client can read its answer.
      if (err instanceof ApiError && err.statusCode === 413 && !ctx.req.raw.readableEnded) ctx.reply.header('connection', 'close');
      throw err;
    }
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
