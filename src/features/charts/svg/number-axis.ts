import { niceTicks } from './nice-ticks.ts';

/**
 * A number axis as the charts describe it (the old library's XAxis/YAxis props of the same names).
 */
export interface NumberAxisSpec {
  readonly unit?: string;
  /**
   * The range shown; 'auto' takes the data's end. The data always fit: the range widens to them.
   */
  readonly domain?: readonly [number | 'auto', number | 'auto'];
  /** The ticks, where the chart chooses them. */
  readonly ticks?: readonly number[];
  readonly tickFormatter?: (value: number) => string;
  /** False keeps the ticks on whole numbers (counts). */
  readonly allowDecimals?: boolean;
}

/** A number axis resolved for drawing: its range and its ticks. */
export interface ResolvedNumberAxis {
  readonly domain: readonly [number, number];
  readonly ticks: readonly number[];
}

/**
 * The range and ticks of a number axis over data reaching `bounds`, as the old chart library
 * resolved them: the default range runs from zero to the data's largest value; with an 'auto' end
 * the range widens to about five round ticks ([0, 66.6B] reads 0/20B/40B/60B/80B).
 */
export function resolveNumberAxis(
  spec: NumberAxisSpec,
  bounds: readonly [number, number] | undefined,
): ResolvedNumberAxis {
  const [low, high] = bounds ?? [0, 0];
  const [start, end] = spec.domain ?? [0, 'auto'];
  const domain: [number, number] = [
    Math.min(start === 'auto' ? low : start, low),
    Math.max(end === 'auto' ? high : end, high),
  ];
  if (spec.ticks) return { domain, ticks: spec.ticks };
  const ticks = niceTicks(domain, 5, spec.allowDecimals ?? true);
  if (start !== 'auto' && end !== 'auto') {
    // A fixed range keeps its ends: only the round ticks inside it are drawn.
    return { domain, ticks: ticks.filter((tick) => tick >= domain[0] && tick <= domain[1]) };
  }
  const first = ticks[0] ?? domain[0];
  const last = ticks.at(-1) ?? domain[1];
  return { domain: [Math.min(domain[0], first), Math.max(domain[1], last)], ticks };
}

/** A tick's label: formatted, then the unit. */
export function tickLabel(spec: NumberAxisSpec, value: number): string {
  const text = spec.tickFormatter ? spec.tickFormatter(value) : String(value);
  return `${text}${spec.unit ?? ''}`;
}
