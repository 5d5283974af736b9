import { useId } from "react";
import { formatDayShort, formatNumber } from "../../i18n/format.ts";
import { useLocale } from "../../i18n/use-locale.ts";
import { useT } from "../../i18n/use-t.ts";
import { niceScale, STAT_KINDS, type StatKind, type StatWeek } from "../stats.ts";

/**
 * How each series is drawn: a colour, and for whoever cannot tell colours apart (or prints in
 * black and white) its own dash pattern and point shape, shown in the legend as well.
 */
const SERIES: Record<StatKind, { color: string; dash?: string; shape: Shape }> = {
  pageViews: { color: "text-brand-700", shape: "circle" },
  saves: { color: "text-red-700", dash: "10 5", shape: "square" },
  shares: { color: "text-amber-700", dash: "2 5", shape: "triangle" },
  websiteClicks: { color: "text-indigo-700", dash: "14 5 3 5", shape: "diamond" },
  phoneClicks: { color: "text-slate-800", dash: "6 6", shape: "cross" },
  directionsClicks: { color: "text-fuchsia-800", dash: "18 8", shape: "ring" },
};

type Shape = "circle" | "square" | "triangle" | "diamond" | "cross" | "ring";

// The drawing's own units; the SVG scales to its box's width.
const WIDTH = 640;
const HEIGHT = 300;
const LEFT = 64;
const RIGHT = 40;
const TOP = 16;
const BOTTOM = 40;

/** Where week `index` of `count` sits across the plot. */
export function xOf(index: number, count: number): number {
  const span = WIDTH - LEFT - RIGHT;
  return count <= 1 ? LEFT + span / 2 : LEFT + (span * index) / (count - 1);
}

/** Where `value` sits up the plot whose top is `top`. */
export function yOf(value: number, top: number): number {
  const span = HEIGHT - TOP - BOTTOM;
  return TOP + span - (span * value) / top;
}

/**
 * The weeks as a line chart: one line per figure. For assistive technology it is one image whose
 * text alternative sums the weeks up; the table beside it carries every figure.
 */
export function StatsChart({ weeks }: { weeks: StatWeek[] }) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const descriptionId = useId();
  const { top, ticks } = niceScale(
    Math.max(0, ...weeks.flatMap((week) => STAT_KINDS.map((kind) => week[kind]))),
  );
  const totals = {} as Record<StatKind, string>;
  for (const kind of STAT_KINDS)
    totals[kind] = formatNumber(
      weeks.reduce((sum, week) => sum + week[kind], 0),
      locale,
    );
  return (
    <figure className="mt-4">
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="w-full max-w-3xl text-[13px] max-sm:text-[24px]"
      >
        <title id={titleId}>{t("manage.stats.chartTitle")}</title>
        <desc id={descriptionId}>{t("manage.stats.chartSummary", totals)}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={LEFT}
              x2={WIDTH - RIGHT}
              y1={yOf(tick, top)}
              y2={yOf(tick, top)}
              className="stroke-slate-200"
            />
            <text
              x={LEFT - 8}
              y={yOf(tick, top)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-slate-700"
            >
              {formatNumber(tick, locale)}
            </text>
          </g>
        ))}
        {weeks.map((week, index) =>
          // Every other week, ending with this one: twelve French dates ("28 sept.") overlap even
          // at full width. The table names every week.
          (weeks.length - 1 - index) % 2 === 1 ? null : (
            <text
              key={week.startsOn}
              x={xOf(index, weeks.length)}
              y={HEIGHT - BOTTOM + 24}
              textAnchor="middle"
              className="fill-slate-700"
            >
              {formatDayShort(week.startsOn, locale)}
            </text>
          ),
        )}
        {STAT_KINDS.map((kind) => {
          const points = weeks.map(
            (week, index) => [xOf(index, weeks.length), yOf(week[kind], top)] as const,
          );
          return (
            <g key={kind} className={`${SERIES[kind].color} stroke-current`}>
              <polyline
                points={points.map(([x, y]) => `${x},${y}`).join(" ")}
                fill="none"
                strokeWidth={2.5}
                strokeDasharray={SERIES[kind].dash}
              />
              {points.map(([x, y]) => (
                <Marker key={x} shape={SERIES[kind].shape} x={x} y={y} />
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-800">
          {STAT_KINDS.map((kind) => (
            <li key={kind} className="flex items-center gap-2">
              <svg
                aria-hidden="true"
                viewBox="0 0 40 16"
                className={`h-4 w-10 shrink-0 stroke-current ${SERIES[kind].color}`}
              >
                <line
                  x1={2}
                  x2={38}
                  y1={8}
                  y2={8}
                  strokeWidth={2.5}
                  strokeDasharray={SERIES[kind].dash}
                />
                <Marker shape={SERIES[kind].shape} x={20} y={8} />
              </svg>
              {t(`manage.stats.kinds.${kind}`)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

function Marker({ shape, x, y }: { shape: Shape; x: number; y: number }) {
  const r = 5;
  switch (shape) {
    case "circle":
      return <circle cx={x} cy={y} r={r} className="fill-current" />;
    case "ring":
      return <circle cx={x} cy={y} r={r} strokeWidth={2} className="fill-white" />;
    case "square":
      return <rect x={x - r} y={y - r} width={2 * r} height={2 * r} className="fill-current" />;
    case "triangle":
      return (
        <polygon
          points={`${x},${y - r - 1} ${x + r + 1},${y + r} ${x - r - 1},${y + r}`}
          className="fill-current"
        />
      );
    case "diamond":
      return (
        <polygon
          points={`${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`}
          className="fill-current"
        />
      );
    case "cross":
      return (
        <path
          d={`M${x - r} ${y - r}L${x + r} ${y + r}M${x - r} ${y + r}L${x + r} ${y - r}`}
          strokeWidth={2.5}
        />
      );
  }
}
