/**
 * A bar chart drawn on the server as SVG (decision 045): no script, no chart library in the browser. The picture is
 * one image whose accessible name states its message; its numbers are a table beside it (the caller's `<details>`),
 * which lynx and screen readers read. Bars stack their series; an optional line marks a ceiling (cars offered).
 */
export interface BarSeries {
  key: string;
  /** A CSS class giving the series its colour (see app.css, `.chart-*`). */
  className: string;
}

export interface BarChartProps {
  /** The chart's message, as its accessible name. */
  label: string;
  series: BarSeries[];
  bars: Array<{ key: string; values: Record<string, number>; highlight?: boolean }>;
  /** The value the bars are measured against (the chart's top); the tallest stack when absent. */
  ceiling?: number;
}

const WIDTH = 600;
const HEIGHT = 160;

export function BarChart({ label, series, bars, ceiling }: BarChartProps) {
  const stackOf = (values: Record<string, number>) => series.reduce((sum, { key }) => sum + (values[key] ?? 0), 0);
  const top = Math.max(1, ceiling ?? 0, ...bars.map((bar) => stackOf(bar.values)));
  const slot = WIDTH / Math.max(1, bars.length);
  const barWidth = Math.max(1, slot * 0.8);
  return (
    <svg
      className="bar-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
      focusable="false"
    >
      {bars.map((bar, index) => {
        let base = HEIGHT;
        return (
          <g key={bar.key} className={bar.highlight ? "chart-highlight" : undefined}>
            {series.map(({ key, className }) => {
              const height = ((bar.values[key] ?? 0) / top) * HEIGHT;
              base -= height;
              return height > 0 ? (
                <rect
                  key={key}
                  className={className}
                  x={index * slot + (slot - barWidth) / 2}
                  y={base}
                  width={barWidth}
                  height={height}
                />
              ) : null;
            })}
          </g>
        );
      })}
      {ceiling ? (
        <line
          className="chart-ceiling"
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - (ceiling / top) * HEIGHT}
          y2={HEIGHT - (ceiling / top) * HEIGHT}
        />
      ) : null}
    </svg>
  );
}
