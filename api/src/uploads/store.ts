import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { UPLOAD_NAME, UPLOAD_PATH } from '@invest/shared/contract';
import type { Config } from '../config';
import type { DbOrTx } from '../db/database';
import { uploads } from '../db/schema';
import { ApiError } from '../http/errors';
import { DEFAULT_RATE_LIMITS } from '../http/rate-limit';
import type { CleanImage } from './images';

/**
 * Pictures one user may upload in a day: enough for many tries at an ID photo, not enough to fill a disk. The attempts
 * behind them, refused ones included, are limited to as many (http/rate-limit.ts: uploadsPerUser).
 */
export const UPLOADS_PER_DAY = DEFAULT_RATE_LIMITS.uploadsPerUser.max;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Refuses (429) a user who has uploaded UPLOADS_PER_DAY pictures in the last 24 hours. */
export async function checkDailyUploads(db: DbOrTx, userId: number, now: Date): Promise<void> {
  const [today] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gt(uploads.createdAt, new Date(now.getTime() - DAY_MS))));
  if ((today?.n ?? 0) >= UPLOADS_PER_DAY) throw new ApiError(429, 'tooManyRequests');
}

/** Where pictures live: `<data dir>/uploads` (a volume in production, beside the embedded database's `pg`). */
export const uploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads');

/** The address the upload call answers and the real-name form sends back. */
export const uploadUrl = (name: string) => `/api${UPLOAD_PATH}/${name}`;

/** The file name in an upload URL (or a bare name); null when it cannot be one of ours. */
export function uploadNameOf(url: string): string | null {
  const name = url.slice(url.lastIndexOf('/') + 1);
  return UPLOAD_NAME.test(name) ? name : null;
}

export type UploadRow = typeof uploads.$inferSelect;

/**
 * Writes a cleaned picture under a name the server makes (128 random bits: never the client's file name) and records
 * its owner. The file is written first and removed again if the row cannot be: no row ever names a missing file.
 */
export async function saveUpload(db: DbOrTx, dir: string, userId: number, image: CleanImage, now: Date): Promise<UploadRow> {
  const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
  const file = path.join(dir, name);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(file, image.data, { flag: 'wx', mode: 0o640 });
  try {
    const [row] = await db
      .insert(uploads)
      .values({ userId, name, mime: image.mime, size: image.data.length, width: image.width, height: image.height, createdAt: now })
      .returning();
    return row!;
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
}

export async function findUpload(db: DbOrTx, name: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  return row ?? null;
}

/** The user's own uploads among `names` (another user's picture is as good as missing). */
export async function ownUploads(db: DbOrTx, userId: number, names: string[]): Promise<UploadRow[]> {
  if (!names.length) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.name, names)));
}
