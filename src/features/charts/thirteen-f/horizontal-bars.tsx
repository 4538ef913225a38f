import type { ReactNode } from 'react';
import { BarChart } from '../svg/bar-chart.tsx';
import { DefaultTooltip } from '../svg/chrome.tsx';
import type { NumberAxisSpec } from '../svg/number-axis.ts';
import { ChartTooltip } from '../chart-tooltip.tsx';
import type { TooltipContent } from '../chart-tooltip.tsx';

/** One series of bars: a numeric field of the entries. */
interface BarSeries<T> {
  readonly dataKey: keyof T & string;
  /** The series' name, in the default tooltip and the legend. */
  readonly name: string;
  /** The series' colour; without one, each entry's own `fill` colours its bar. */
  readonly fill?: string;
  /**
   * Series with the same stack id are drawn end to end: positive values right of zero, negative
   * ones left of it.
   */
  readonly stackId?: string;
}

/**
 * What a hovered bar says: the whole entry worded by `describe`, or each series' value worded by
 * `formatter` (the value alone, or the value and the name to show for the series).
 */
type BarsTooltip<T> =
  | { readonly describe: (entry: T) => TooltipContent }
  | { readonly formatter: (value: number, name: string) => string | readonly [string, string] };

/** The category axis: the field that names each bar, and the room its labels get. */
interface CategoryAxis<T> {
  readonly dataKey: keyof T & string;
  readonly width: number;
  readonly fontSize: number;
}

/** What HorizontalBars draws, and how. */
interface HorizontalBarsProps<T> {
  readonly data: readonly T[];
  readonly width: number;
  /** The height of one entry's row. */
  readonly rowHeight: number;
  /** The height beyond the rows: the value axis, and the legend when there is one. */
  readonly axisHeight: number;
  readonly category: CategoryAxis<T>;
  /** The number axis' scale and tick labels. */
  readonly valueAxis: NumberAxisSpec;
  readonly series: readonly BarSeries<T>[];
  readonly tooltip: BarsTooltip<T>;
  /** Draws the zero line, for bars that run both ways. */
  readonly zeroLine?: boolean;
  /** Draws the series' legend below the bars. */
  readonly legend?: boolean;
  /** Writes each bar's value at its end (the right margin widens to make room). */
  readonly valueLabels?: (value: number) => string;
  /** Writes each entry's text in this field at its bar's end, where the length is no figure. */
  readonly entryLabels?: keyof T & string;
  /** Called with the clicked bar's entry. */
  readonly onSelect: (entry: T) => void;
  /** True for the entry whose click set the table's filter: its bar is marked, the others dimmed. */
  readonly isChosen?: ((entry: T) => boolean) | undefined;
}

/**
 * A 13F horizontal bar chart: one row per entry, labelled on the left, its bars along a number
 * axis, tall enough for every row; a click on a bar selects its entry.
 */
export function HorizontalBars<T extends object>({
  data,
  width,
  rowHeight,
  axisHeight,
  category,
  valueAxis,
  series,
  tooltip,
  zeroLine = false,
  legend = false,
  valueLabels,
  entryLabels,
  onSelect,
  isChosen,
}: HorizontalBarsProps<T>) {
  const valueOf = (entry: T, key: keyof T & string): number | null => {
    const value = entry[key];
    return typeof value === 'number' ? value : null;
  };
  return (
    <BarChart
      orientation="rows"
      data={data}
      width={width}
      height={data.length * rowHeight + axisHeight}
      margin={{ left: 8, right: entryLabels ? 124 : valueLabels ? 56 : 24, top: 4, bottom: 4 }}
      category={{
        label: (entry) => String(entry[category.dataKey]),
        size: category.width,
        fontSize: category.fontSize,
      }}
      valueAxis={valueAxis}
      series={series.map((entry) => ({
        name: entry.name,
        value: (item: T) => valueOf(item, entry.dataKey),
        fill: entry.fill,
        stackId: entry.stackId,
        label: entryLabels
          ? (item: T) => String(item[entryLabels])
          : valueLabels && ((_item: T, value: number) => valueLabels(value)),
      }))}
      zeroLine={zeroLine}
      legend={legend}
      tooltip={(index) => barsTooltip(data[index], series, tooltip, category.dataKey)}
      onSelect={(index) => {
        const selected = data[index];
        if (selected !== undefined) onSelect(selected);
      }}
      isChosen={
        isChosen &&
        ((index) => {
          const entry = data[index];
          return entry !== undefined && isChosen(entry);
        })
      }
    />
  );
}

/** The tooltip of a hovered entry: `describe`'s words, or each series' formatted value. */
function barsTooltip<T extends object>(
  entry: T | undefined,
  series: readonly BarSeries<T>[],
  tooltip: BarsTooltip<T>,
  categoryKey: keyof T & string,
): ReactNode {
  if (entry === undefined) return null;
  if ('describe' in tooltip) {
    const content = tooltip.describe(entry);
    return <ChartTooltip title={content.title} lines={content.lines} flags={content.flags ?? []} />;
  }
  return (
    <DefaultTooltip
      label={String(entry[categoryKey])}
      lines={series.flatMap((item) => {
        const value = entry[item.dataKey];
        if (typeof value !== 'number') return [];
        const worded = tooltip.formatter(value, item.name);
        const [text, name] = typeof worded === 'string' ? [worded, item.name] : worded;
        return [{ name, value: text, color: item.fill ?? entryColour(entry) }];
      })}
    />
  );
}

/** An entry's own colour, when it has one. */
function entryColour(entry: unknown): string | undefined {
  const fill = (entry as { fill?: unknown }).fill;
  return typeof fill === 'string' ? fill : undefined;
}
