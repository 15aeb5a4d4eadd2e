/**
 * Pictures for the demo articles, drawn for this app (no third-party artwork) and served by the API itself at
 * /api/static/news/<n>.svg, so the seeded news shows images with no network beyond our own server.
 */

const frame = (body: string, from: string, to: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180">` +
  `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
  `<rect width="320" height="180" fill="url(#g)"/>${body}</svg>`;

/** Candles rising left to right. */
const candles = (() => {
  const bars = [
    [30, 110, 130, 95, 140, true],
    [60, 100, 118, 88, 128, true],
    [90, 104, 112, 96, 120, false],
    [120, 86, 104, 78, 110, true],
    [150, 80, 92, 70, 100, true],
    [180, 84, 90, 76, 96, false],
    [210, 64, 84, 56, 90, true],
    [240, 56, 66, 48, 72, true],
    [270, 40, 58, 32, 62, true],
  ] as const;
  return bars
    .map(([x, top, bottom, high, low, up]) => {
      const color = up ? '#3ddc97' : '#ff6b6b';
      return `<line x1="${x}" y1="${high}" x2="${x}" y2="${low}" stroke="${color}" stroke-width="2"/><rect x="${x - 8}" y="${top}" width="16" height="${bottom - top}" rx="2" fill="${color}"/>`;
    })
    .join('');
})();

/** A price line with its filled area. */
const line =
  `<path d="M0 140 L40 128 L80 134 L120 104 L160 112 L200 80 L240 88 L280 56 L320 48 L320 180 L0 180 Z" fill="#ffffff" fill-opacity="0.18"/>` +
  `<path d="M0 140 L40 128 L80 134 L120 104 L160 112 L200 80 L240 88 L280 56 L320 48" fill="none" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"/>`;

/** A clock face and session bars: market hours. */
const hours =
  `<circle cx="92" cy="90" r="52" fill="none" stroke="#ffffff" stroke-width="6"/>` +
  `<line x1="92" y1="90" x2="92" y2="56" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/>` +
  `<line x1="92" y1="90" x2="118" y2="104" stroke="#ffffff" stroke-width="6" stroke-linecap="round"/>` +
  `<rect x="176" y="52" width="112" height="14" rx="7" fill="#ffffff" fill-opacity="0.85"/>` +
  `<rect x="200" y="84" width="88" height="14" rx="7" fill="#ffffff" fill-opacity="0.6"/>` +
  `<rect x="176" y="116" width="64" height="14" rx="7" fill="#ffffff" fill-opacity="0.4"/>`;

/** Slices of a pie: spreading risk. */
const pie =
  `<circle cx="160" cy="90" r="62" fill="#ffffff" fill-opacity="0.25"/>` +
  `<path d="M160 90 L160 28 A62 62 0 0 1 219 109 Z" fill="#ffffff" fill-opacity="0.9"/>` +
  `<path d="M160 90 L219 109 A62 62 0 0 1 124 140 Z" fill="#ffffff" fill-opacity="0.6"/>` +
  `<path d="M160 90 L124 140 A62 62 0 0 1 110 54 Z" fill="#ffffff" fill-opacity="0.4"/>`;

export const NEWS_IMAGES: Readonly<Record<string, string>> = {
  '1': frame(candles, '#16324f', '#2a6f97'),
  '2': frame(line, '#5b2a86', '#9a48d0'),
  '3': frame(hours, '#8a4b08', '#d98324'),
  '4': frame(pie, '#0b6e4f', '#2fa56f'),
};

export const newsImagePath = (n: keyof typeof NEWS_IMAGES | string) => `/api/static/news/${n}.svg`;
