import s from './extras.module.css';

/** The box a server path was drawn in: areaPath closes with "L{w} {h}L0 {h}Z". */
function viewBoxOf(areaPath: string): [number, number] {
  const m = /L([\d.]+) ([\d.]+)L0 [\d.]+Z\s*$/.exec(areaPath);
  const w = m ? Number(m[1]) : NaN;
  const h = m ? Number(m[2]) : NaN;
  return w > 0 && h > 0 ? [w, h] : [100, 40];
}

/**
 * A small price line from the API's SVG paths (GET /v2/yahoo linePath / areaPath), coloured up or down.
 * It stretches to its box; the stroke keeps its width.
 */
export function Sparkline({
  linePath,
  areaPath,
  trend,
  className,
}: {
  linePath: string;
  areaPath: string;
  trend: 'up' | 'down' | 'flat';
  className?: string;
}) {
  if (!linePath) return <span className={className} aria-hidden="true" />;
  const [w, h] = viewBoxOf(areaPath);
  return (
    <svg
      className={[s.spark, s[trend], className].filter(Boolean).join(' ')}
      viewBox={`0 0 ${w} ${h}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      data-testid="sparkline"
    >
      {areaPath && <path className={s.sparkArea} d={areaPath} />}
      <path className={s.sparkLine} d={linePath} />
    </svg>
  );
}
