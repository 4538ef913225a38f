/**
 * The "nice" ticks of the chart library these charts used before (Recharts 3.10's
 * getNiceTickValues, MIT licence), ported without decimal.js: our charts' axes read 0/3/6/9/12
 * and $0/$45B/$90B with it, where d3's ticks() picks other steps. Plain floats stand in for
 * decimals: every intermediate result is rounded to 12 significant digits, which removes the
 * float noise (0.1 × 3 = 0.30000000000000004) that decimal.js avoided, and no axis of ours needs
 * more digits than that. The one difference: a bound that is itself float noise
 * (0.036000000000000004) is read as the round number it stands for, where decimal.js took every
 * digit and chose a step one notch larger.
 */

/** A float with its last digits of noise removed. */
const clean = (value: number): number => Number(value.toPrecision(12));

/** The count of digits before the decimal point: 1 for [1, 10), 0 for [0.1, 1), -1 below. */
export function digitCount(value: number): number {
  return value === 0 ? 1 : Math.floor(Math.log10(Math.abs(value))) + 1;
}

/**
 * A step easy to read (10, 20, 25, 0.5…) at least `roughStep`; `correction` takes the next
 * larger one, tried when the first one needs more ticks than asked for.
 */
function adaptiveStep(roughStep: number, allowDecimals: boolean, correction: number): number {
  if (roughStep <= 0) return 0;
  const digits = digitCount(roughStep);
  const magnitude = 10 ** digits;
  const ratio = clean(roughStep / magnitude);
  // Steps of 0.05 of the magnitude (0.1 for numbers under 10): 50, 100, 150… for 100–999.
  const unit = digits !== 1 ? 0.05 : 0.1;
  const step = clean(clean((Math.ceil(clean(ratio / unit)) + correction) * unit) * magnitude);
  return allowDecimals ? step : Math.ceil(step);
}

interface StepAndBounds {
  readonly step: number;
  readonly tickMin: number;
  readonly tickMax: number;
}

/** The step, and the first and last ticks, covering [min, max] in `count` ticks or fewer. */
function calculateStep(
  min: number,
  max: number,
  count: number,
  allowDecimals: boolean,
  correction = 0,
): StepAndBounds {
  if (!Number.isFinite((max - min) / (count - 1))) return { step: 0, tickMin: 0, tickMax: 0 };
  const step = adaptiveStep(clean((max - min) / (count - 1)), allowDecimals, correction);
  // Zero is a tick whenever the range holds it; else the ticks are centred on the range.
  let middle = 0;
  if (!(min <= 0 && max >= 0)) {
    const centre = clean((min + max) / 2);
    middle = clean(centre - clean(centre % step));
  }
  let below = Math.ceil(clean((middle - min) / step));
  let above = Math.ceil(clean((max - middle) / step));
  const used = below + above + 1;
  if (used > count) return calculateStep(min, max, count, allowDecimals, correction + 1);
  // Fewer ticks than asked: the spare ones go above (below when the whole range is negative).
  if (used < count) {
    if (max > 0) above += count - used;
    else below += count - used;
  }
  return { step, tickMin: clean(middle - below * step), tickMax: clean(middle + above * step) };
}

/** Ticks around a single value (a range of one number): the value's neighbours. */
function ticksOfSingleValue(value: number, count: number, allowDecimals: boolean): number[] {
  let step = 1;
  let middle = value;
  if (!Number.isInteger(value) && allowDecimals) {
    if (Math.abs(value) < 1) {
      step = 10 ** (digitCount(value) - 1);
      middle = clean(Math.floor(clean(value / step)) * step);
    } else if (Math.abs(value) > 1) {
      middle = Math.floor(value);
    }
  } else if (value === 0) {
    middle = Math.floor((count - 1) / 2);
  } else if (!allowDecimals) {
    middle = Math.floor(value);
  }
  const middleIndex = Math.floor((count - 1) / 2);
  return Array.from({ length: count }, (_, index) => clean(middle + (index - middleIndex) * step));
}

/**
 * About `tickCount` round ticks covering [min, max]; the first and last may lie outside it (the
 * axis then widens to them, as the old library's 'auto' domains do).
 */
export function niceTicks(
  [min, max]: readonly [number, number],
  tickCount = 5,
  allowDecimals = true,
): number[] {
  const count = Math.max(tickCount, 2);
  const [low, high] = min > max ? [max, min] : [min, max];
  if (!Number.isFinite(low) || !Number.isFinite(high)) return [];
  if (low === high) return ticksOfSingleValue(low, tickCount, allowDecimals);
  const { step, tickMin, tickMax } = calculateStep(low, high, count, allowDecimals);
  // Every tick is a whole number of steps: counted in steps, zero comes out as 0, not 1e-16.
  const first = Math.round(tickMin / step);
  const stepsCount = Math.round((tickMax - tickMin) / step) + 1;
  const values = Array.from({ length: Math.min(stepsCount, 1000) }, (_, index) =>
    clean((first + index) * step),
  );
  return min > max ? values.reverse() : values;
}
