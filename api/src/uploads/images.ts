import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_MAX_SIDE } from '@invest/shared/contract';
import { ApiError } from '../http/errors';

/** The pictures we keep, by the type their bytes show (never by the name or the declared content type). */
const KEPT = {
  'image/jpeg': { ext: 'jpg', encode: (s: Sharp) => s.jpeg({ quality: 85, mozjpeg: true }) },
  'image/png': { ext: 'png', encode: (s: Sharp) => s.png({ compressionLevel: 9 }) },
  'image/webp': { ext: 'webp', encode: (s: Sharp) => s.webp({ quality: 85 }) },
} as const;
export type ImageMime = keyof typeof KEPT;

/** Bytes that tell a file's type: an upload's first ones are checked before the rest is read. */
export const TYPE_BYTES = 4100;

/** The kept type `bytes` (a whole file, or its first TYPE_BYTES) show; null for anything else. */
export async function keptType(bytes: Buffer): Promise<ImageMime | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type && type.mime in KEPT ? (type.mime as ImageMime) : null;
}

/** Larger pictures are refused before decoding (a small file can claim a huge canvas: a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Markup and script openers. A picture's compressed bytes virtually never spell these (seven-plus exact bytes); a
 * polyglot (a picture that is also a page or a script, in a comment, a text chunk or after its end) does.
 */
const ACTIVE_CONTENT = /<(script|html|svg|iframe|object|embed|body|\?php|!doctype)\b|<\?=|javascript:/i;

export interface CleanImage {
  data: Buffer;
  mime: ImageMime;
  ext: string;
  width: number;
  height: number;
}

/**
 * Accepts only a real JPEG, PNG or WebP picture, by its bytes: a script renamed .jpg, an SVG, a truncated or broken
 * file and a polyglot are refused (422 notAnImage). The picture is decoded, turned upright, shrunk to fit
 * IMAGE_MAX_SIDE and encoded again, which drops every metadata block (EXIF with its GPS position, comments, ICC
 * profiles) and anything hidden in the original's bytes.
 */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  if (input.length === 0) throw new ApiError(422, 'notAnImage');
  const mime = await keptType(input);
  if (!mime || ACTIVE_CONTENT.test(input.toString('latin1'))) throw new ApiError(422, 'notAnImage');
  const kept = KEPT[mime];
  try {
    // failOn 'warning': a truncated JPEG decodes with a warning only, and we refuse it.
    const pipeline = sharp(input, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    const { data, info } = await kept.encode(pipeline).toBuffer({ resolveWithObject: true });
    return { data, mime, ext: kept.ext, width: info.width, height: info.height };
  } catch {
    throw new ApiError(422, 'notAnImage');
  }
}
