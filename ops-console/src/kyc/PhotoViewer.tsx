import { useState } from 'react';
import { TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';
import { useTranslation } from '@invest/runtime';
import { IconButton, Spinner } from '@invest/shared';
import { useUploadedImage } from '@invest/shared/uploads';
import s from './kyc.module.css';

/**
 * One ID photo to check: zoom (buttons, the wheel, a pinch) and pan by react-zoom-pan-pinch, turned a quarter at a
 * time by a CSS rotation of the picture inside it. The photo is fetched with the operator's token.
 */
export default function PhotoViewer({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation('ops');
  const photo = useUploadedImage(url);
  const [turns, setTurns] = useState(0);
  return (
    <figure className={s.viewer}>
      <figcaption className={s.caption}>{label}</figcaption>
      <TransformWrapper minScale={1} maxScale={8} centerOnInit>
        {({ zoomIn, zoomOut, resetTransform }) => (
          <>
            <div className={s.tools} role="toolbar" aria-label={label}>
              <IconButton label={t('kyc.zoomIn')} onClick={() => zoomIn()}>
                <span aria-hidden="true">+</span>
              </IconButton>
              <IconButton label={t('kyc.zoomOut')} onClick={() => zoomOut()}>
                <span aria-hidden="true">−</span>
              </IconButton>
              <IconButton label={t('kyc.rotate')} onClick={() => setTurns((n) => (n + 1) % 4)}>
                <span aria-hidden="true">↻</span>
              </IconButton>
              <IconButton
                label={t('kyc.reset')}
                onClick={() => {
                  setTurns(0);
                  resetTransform();
                }}
              >
                <span aria-hidden="true">⟲</span>
              </IconButton>
            </div>
            <div className={s.stage}>
              {photo.data ? (
                <TransformComponent wrapperClass={s.zoomArea} contentClass={s.zoomContent}>
                  <img src={photo.data} alt={label} className={s.photo} style={{ transform: `rotate(${turns * 90}deg)` }} data-testid="kyc-photo" />
                </TransformComponent>
              ) : photo.isError ? (
                <p role="alert">{t('kyc.photoFailed')}</p>
              ) : (
                <Spinner />
              )}
            </div>
          </>
        )}
      </TransformWrapper>
    </figure>
  );
}
