// Number frequencies as an inline SVG bar chart (one bar per number) with the same data as a table. The chart is
// one labelled image for assistive technology; the table is the accessible, exact reading. On a phone the bars wrap
// into rows of ten numbers so every label stays readable at 375 px.
import type { NumberSetStatsView } from './lotteries.wire.ts';

const PER_ROW = 10;
const BAR_W = 28;
const GAP = 6;
const BAR_MAX_H = 80;
const LABEL_H = 18;
const VALUE_H = 16;
const ROW_H = VALUE_H + BAR_MAX_H + LABEL_H + 12;

export interface ChartBar {
  number: number;
  count: number;
  x: number;
  y: number;
  height: number;
  row: number;
}

/** Bar geometry: rows of ten, heights scaled to the most drawn number (a never-drawn number gets no bar). */
export function chartBars(
  frequencies: readonly { number: number; count: number }[],
  perRow: number = PER_ROW,
): { bars: ChartBar[]; width: number; height: number } {
  const max = Math.max(1, ...frequencies.map((f) => f.count));
  const bars = frequencies.map((f, i) => {
    const row = Math.floor(i / perRow);
    const height = Math.round((f.count / max) * BAR_MAX_H);
    return {
      number: f.number,
      count: f.count,
      row,
      x: (i % perRow) * (BAR_W + GAP),
      y: row * ROW_H + VALUE_H + (BAR_MAX_H - height),
      height,
    };
  });
  const rows = Math.max(1, Math.ceil(frequencies.length / perRow));
  return { bars, width: perRow * (BAR_W + GAP) - GAP, height: rows * ROW_H };
}

export function FrequencyChart({ set, hot }: { set: NumberSetStatsView; hot: ReadonlySet<number> }) {
  const { bars, width, height } = chartBars(set.frequencies);
  const titleId = `chart-${set.name}-title`;
  const most = [...set.frequencies].sort((a, b) => b.count - a.count || a.number - b.number)[0];
  return (
    <figure className="flex flex-col gap-0.5">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full max-w-[40rem]"
        data-testid="frequency-chart"
      >
        <title id={titleId}>
          {`${set.label}: how often each number was drawn${most ? `; most often ${most.number} (${most.count} times)` : ''}`}
        </title>
        {bars.map((b) => {
          const isHot = hot.has(b.number);
          const cx = b.x + BAR_W / 2;
          const base = b.row * ROW_H + VALUE_H + BAR_MAX_H;
          return (
            <g key={b.number}>
              <text x={cx} y={b.y - 3} textAnchor="middle" fontSize="11" fill="currentColor">
                {b.count}
              </text>
              <rect
                x={b.x}
                y={b.y}
                width={BAR_W}
                height={Math.max(b.height, 1)}
                rx="3"
                strokeWidth={isHot ? 2 : 0}
                className={isHot ? 'fill-brand-secondary stroke-brand' : 'fill-brand'}
              />
              <text
                x={cx}
                y={base + LABEL_H - 3}
                textAnchor="middle"
                fontSize="13"
                fontWeight="700"
                fill="currentColor"
              >
                {b.number}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-sm">Outlined yellow bars are the hot numbers.</figcaption>
    </figure>
  );
}

export function FrequencyTable({ set }: { set: NumberSetStatsView }) {
  return (
    <table className="w-full border-collapse text-left text-sm" data-testid="frequency-table">
      <caption className="sr-only">{set.label}: times drawn and last drawn, by number</caption>
      <thead>
        <tr className="border-b-2 border-brand">
          <th scope="col" className="py-0.25 pr-1">
            Number
          </th>
          <th scope="col" className="py-0.25 pr-1 text-right">
            Times drawn
          </th>
          <th scope="col" className="py-0.25 text-right">
            Last drawn
          </th>
        </tr>
      </thead>
      <tbody>
        {set.frequencies.map((f) => (
          <tr key={f.number} className="border-b border-black/10">
            <th scope="row" className="py-0.25 pr-1 font-semibold tabular-nums">
              {f.number}
            </th>
            <td className="py-0.25 pr-1 text-right tabular-nums">{f.count}</td>
            <td className="py-0.25 text-right">
              {f.lastDrawnDrawNo === null ? 'Not drawn' : `Draw ${f.lastDrawnDrawNo}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
