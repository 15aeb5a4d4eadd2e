import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { failureKey, Icon, useUpload } from '@invest/shared';
import { ImageError, resizeImage } from './resizeImage';
import s from './realName.module.css';

export interface Photo {
  /** What the upload call answered: the form sends it back. */
  url: string;
  /** A data: URL to show. */
  preview: string;
}

/**
 * One ID photo: a tap opens the camera or the gallery; the picture is resized in the browser and uploaded at once,
 * so the form only sends its address. A file that is not a picture, or a failed upload, says so under the tile.
 */
export function PhotoPicker({ name, label, photo, onChange, disabled }: { name: string; label: string; photo: Photo | null; onChange: (p: Photo) => void; disabled?: boolean }) {
  const { t } = useTranslation('account');
  const upload = useUpload();
  const busy = upload.isPending;
  const [error, setError] = useState<string | null>(null);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file can be picked again after a failure.
    e.target.value = '';
    if (!file) return;
    setError(null);
    let resized: Awaited<ReturnType<typeof resizeImage>>;
    try {
      resized = await resizeImage(file);
    } catch (err) {
      return setError(t(err instanceof ImageError ? `hint.${err.key}` : 'accountSecurity.realName.uploadFailed'));
    }
    const form = new FormData();
    form.append('file', resized.blob, `${name}.jpg`);
    upload.mutate(form, {
      onSuccess: ({ url }) => onChange({ url, preview: resized.preview }),
      onError: (err) => setError(t(failureKey(err, 'accountSecurity.realName.fileFailed'))),
    });
  };

  return (
    <div className={s.photoField}>
      <label className={`${s.photo} ${error ? s.photoInvalid : ''}`} data-testid={`photo-${name}`} aria-busy={busy || undefined}>
        <input
          className={s.fileInput}
          type="file"
          name={name}
          accept="image/jpeg,image/png,image/webp,image/*"
          onChange={(e) => void pick(e)}
          disabled={disabled || busy}
          aria-describedby={error ? `${name}-error` : undefined}
        />
        {photo ? <img className={s.preview} src={photo.preview} alt="" /> : <Icon name="id" size={36} />}
        <span className={s.photoLabel}>
          {label}
          <small>{t(busy ? 'accountSecurity.realName.uploading' : photo ? 'accountSecurity.realName.changePhoto' : 'accountSecurity.realName.choosePhoto')}</small>
        </span>
      </label>
      {error && (
        <span id={`${name}-error`} className={s.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
