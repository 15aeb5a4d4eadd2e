import { useState } from 'react';

/** A news picture that simply disappears when it cannot load (no broken-image icon on a weak connection). */
export function Thumb({ src, className, lazy = true }: { src: string; className?: string; lazy?: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return null;
  return <img className={className} src={src} alt="" loading={lazy ? 'lazy' : undefined} decoding="async" onError={() => setFailed(true)} />;
}
