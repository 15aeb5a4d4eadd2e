import type { SVGProps } from 'react';

/** The markets remote's own icons (the kit's set has no product or edit icons): stroke icons on a 24 grid. */
const paths = {
  block: 'M12 3 4 7v10l8 4 8-4V7zM4 7l8 4 8-4m-8 4v10',
  ipo: 'M12 3v12m0-12-4 4m4-4 4 4M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4',
  qip: 'M4 21V10m5 11V4m5 17v-8m5 8V7',
  fund: 'M12 3a9 9 0 1 0 9 9h-9zm3-0.5V9h6.5A9 9 0 0 0 15 2.5z',
  forex: 'M4 8h13l-3-3m6 11H7l3 3',
  futures: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-13v4l3 2',
  treasury: 'M3 10 12 4l9 6M5 10v8m4.7-8v8m4.6-8v8M19 10v8M3 21h18',
  trash: 'M4 7h16M9 7V4h6v3m-9 0 1 13a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-13M10 11v6m4-6v6',
  news: 'M5 4h11a1 1 0 0 1 1 1v14a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2V5a1 1 0 0 1 1-1zm12 5h3v10a2 2 0 0 1-4 0M8 8h5m-5 4h5m-5 4h3',
  close: 'M6 6l12 12M18 6 6 18',
} as const;

export type MarketIconName = keyof typeof paths;

export function MarketIcon({ name, size = 22, ...rest }: { name: MarketIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
