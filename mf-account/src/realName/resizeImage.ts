import { IMAGE_MAX_SIDE, IMAGE_QUALITY, IMAGE_TARGET_BYTES } from '@invest/shared';
import { dataUrlOf } from '@invest/shared/uploads';

/** A picture the browser could not use: the key of its message (hint.notAnImage). */
export class ImageError extends Error {
  constructor(readonly key: 'notAnImage') {
    super(key);
  }
}

/** Qualities tried in turn until the picture is under IMAGE_TARGET_BYTES (spec §5: "recompressed at lower quality"). */
const QUALITIES = [IMAGE_QUALITY, 0.6, 0.45, 0.3];

const toBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new ImageError('notAnImage'))), 'image/jpeg', quality));

/**
 * An ID photo as the spec sends it: only image files (else 'Please select an image file'), turned upright, scaled to
 * fit IMAGE_MAX_SIDE × IMAGE_MAX_SIDE, JPEG at quality IMAGE_QUALITY, lower while over IMAGE_TARGET_BYTES. The preview is
 * a data: URL of the same bytes (the page's CSP allows data: pictures, not blob: ones).
 */
export async function resizeImage(file: File): Promise<{ blob: Blob; preview: string }> {
  if (!file.type.startsWith('image/')) throw new ImageError('notAnImage');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new ImageError('notAnImage');
  }
  const scale = Math.min(1, IMAGE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  let blob = await toBlob(canvas, QUALITIES[0]!);
  for (const quality of QUALITIES.slice(1)) {
    if (blob.size <= IMAGE_TARGET_BYTES) break;
    blob = await toBlob(canvas, quality);
  }
  return { blob, preview: await dataUrlOf(blob) };
}
