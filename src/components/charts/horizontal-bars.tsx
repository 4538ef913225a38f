import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TooltipProps, XAxisProps } from 'recharts';
import { chosenShape } from './chosen-bar.tsx';
import { BarTooltip } from './chart-tooltip.tsx';
import type { TooltipContent } from './chart-tooltip.tsx';
import { LegendLabel } from './legend-label.tsx';
import { barsRightMargin } from './bar-margins.ts';

/** One series of bars: a numeric field of the entries. */
export interface BarSeries<T> {
  readonly dataKey: keyof T & string;
  /** The series' name, in the default tooltip and the legend. */
  readonly name: string;
  /** The series' colour; without one, each entry's own `fill` colours its bar. */
  readonly fill?: string;
  /** Series with the same stack id are drawn end to end. */
  readonly stackId?: string;
}

/** What a hovered bar says: the whole entry worded by `describe`, or each series' value. */
type BarsTooltip<T> =
  | { readonly describe: (entry: T) => TooltipContent }
  | { readonly formatter: NonNullable<TooltipProps['formatter']> };

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
  readonly valueAxis: Pick<
    XAxisProps,
    'unit' | 'domain' | 'ticks' | 'tickFormatter' | 'allowDecimals'
  >;
  readonly series: readonly BarSeries<T>[];
  readonly tooltip: BarsTooltip<T>;
  /** Draws the zero line, for bars that run both ways. */
  readonly zeroLine?: boolean;
  /** Draws the series' legend below the bars. */
  readonly legend?: boolean;
  /** 'sign' stacks negative values left of zero and positive ones right of it. */
  readonly stackOffset?: 'sign';
  /** Writes each bar's value at its end (the right margin widens to make room). */
  readonly valueLabels?: (value: number) => string;
  /** Writes each entry's text in this field at its bar's end, where the length is no figure. */
  readonly entryLabels?: keyof T & string;
  /** Writes each entry's text in this field inside its bar, centred, in white (a status in words). */
  readonly insideLabels?: keyof T & string;
  /** Called with the clicked bar's entry. */
  readonly onSelect: (entry: T) => void;
  /** True for the entry whose click set the table's filter: its bar is marked, the others dimmed. */
  readonly isChosen?: ((entry: T) => boolean) | undefined;
}

/** Each entry's text in the field `key`, centred in its bar in white. */
function insideLabelList(key: string) {
  return <LabelList dataKey={key} position="center" fill="#fff" fontSize={10} fontWeight={600} />;
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
  stackOffset,
  valueLabels,
  entryLabels,
  insideLabels,
  onSelect,
  isChosen,
}: HorizontalBarsProps<T>) {
  // As plain names: recharts cannot check a generic entry type's keys.
  const categoryKey: string = category.dataKey;
  const seriesKey = (entry: BarSeries<T>): string => entry.dataKey;
  const right = barsRightMargin(data, { entryLabels, valueLabels });
  return (
    <BarChart
      layout="vertical"
      {...(stackOffset ? { stackOffset } : {})}
      width={width}
      height={data.length * rowHeight + axisHeight}
      data={data}
      margin={{ left: 8, right, top: 4, bottom: 4 }}
    >
      <CartesianGrid horizontal={false} strokeDasharray="3 3" />
      {/* Given ticks are all drawn: their caller spaced them to fit (recharts dropped some). */}
      <XAxis type="number" {...valueAxis} {...(valueAxis.ticks ? { interval: 0 } : {})} />
      <YAxis
        type="category"
        dataKey={categoryKey}
        width={category.width}
        interval={0}
        tick={{ fontSize: category.fontSize }}
      />
      {zeroLine && <ReferenceLine x={0} stroke="#444" />}
      {'describe' in tooltip ? (
        <Tooltip content={<BarTooltip describe={tooltip.describe} />} />
      ) : (
        <Tooltip formatter={tooltip.formatter} />
      )}
      {/* In the series' order, as the bars are drawn; recharts sorts by name unless told. */}
      {legend && (
        <Legend itemSorter={null} formatter={(value: string) => <LegendLabel text={value} />} />
      )}
      {series.map((entry) => (
        <Bar
          key={entry.dataKey}
          dataKey={seriesKey(entry)}
          name={entry.name}
          {...(entry.stackId ? { stackId: entry.stackId } : {})}
          {...(entry.fill ? { fill: entry.fill } : {})}
          cursor="pointer"
          isAnimationActive={false}
          {...chosenShape(data, isChosen)}
          onClick={(_item, index) => {
            const selected = data[index];
            if (selected !== undefined) onSelect(selected);
          }}
        >
          {entryLabels && <LabelList dataKey={entryLabels} position="right" fontSize={11} />}
          {insideLabels && insideLabelList(insideLabels)}
          {valueLabels && (
            <LabelList
              dataKey={seriesKey(entry)}
              position="right"
              formatter={(value: unknown) => valueLabels(Number(value))}
              fontSize={11}
            />
          )}
        </Bar>
      ))}
    </BarChart>
  );
}
