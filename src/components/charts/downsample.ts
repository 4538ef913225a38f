/**
 * Pixel budgets and downsampling for charts. A chart with more points than pixels draws nothing
 * more than a chart with fewer, yet costs layout and SVG nodes per point; these helpers keep the
 * point count proportional to the width the chart actually has.
 */

/** Points per pixel beyond which a line gains no visible detail (one for each sub-pixel edge). */
const POINTS_PER_PIXEL = 2;
/** A bar narrower than this can no longer carry a readable axis label or a comfortable target. */
const PIXELS_PER_BAR = 24;
/** Even a tiny chart shows a few bars, so a narrow layout still says something. */
const MIN_BARS = 5;

/** How many points a chart of this pixel width may draw: at most ~2 per pixel. */
export function maxPointsForWidth(width: number): number {
  // An unmeasured chart (width 0 or NaN before layout) still gets its two end points.
  if (!Number.isFinite(width) || width <= 0) return 2;
  return Math.max(2, Math.floor(width * POINTS_PER_PIXEL));
}

/** How many bars a bar chart of this pixel width may draw: one per ~24 px, at least 5. */
export function maxBarsForWidth(width: number): number {
  const bars = Number.isFinite(width) && width > 0 ? Math.floor(width / PIXELS_PER_BAR) : 0;
  return Math.max(MIN_BARS, bars);
}

/**
 * Largest-Triangle-Three-Buckets downsampling of an x-sorted numeric series to at most
 * `threshold` points, keeping first and last; returns the input when already small.
 *
 * LTTB keeps, in each bucket, the point that forms the largest triangle with the point kept
 * before it and the average of the next bucket: peaks and dips survive, which plain striding
 * would drop. Points whose y is not a finite number cannot win a bucket.
 */
export function downsampleLttb<T>(
  points: readonly T[],
  threshold: number,
  x: (p: T) => number,
  y: (p: T) => number,
): T[] {
  const length = points.length;
  const limit = Number.isFinite(threshold) ? Math.floor(threshold) : length;
  if (limit >= length) return points.slice();
  if (limit <= 0) return [];
  const first = points[0] as T;
  if (limit === 1) return [first];
  const last = points[length - 1] as T;
  if (limit === 2) return [first, last];

  // The accessors run once per point, not once per triangle.
  const xs = new Float64Array(length);
  const ys = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const point = points[i] as T;
    xs[i] = x(point);
    ys[i] = y(point);
  }

  const sampled: T[] = [first];
  // The first and last points are fixed; the rest is split into limit - 2 buckets.
  const every = (length - 2) / (limit - 2);
  let kept = 0;
  for (let bucket = 0; bucket < limit - 2; bucket++) {
    const nextStart = Math.floor((bucket + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * every) + 1, length);
    let avgX = 0;
    let avgY = 0;
    let avgCount = 0;
    for (let i = nextStart; i < nextEnd; i++) {
      const value = ys[i] ?? Number.NaN;
      if (!Number.isFinite(value)) continue;
      avgX += xs[i] ?? 0;
      avgY += value;
      avgCount++;
    }
    if (avgCount > 0) {
      avgX /= avgCount;
      avgY /= avgCount;
    } else {
      // The last bucket's "next" is the fixed last point.
      avgX = xs[length - 1] ?? 0;
      avgY = ys[length - 1] ?? 0;
    }

    const start = Math.floor(bucket * every) + 1;
    const end = Math.floor((bucket + 1) * every) + 1;
    const keptX = xs[kept] ?? 0;
    const keptY = ys[kept] ?? 0;
    let bestArea = -1;
    let best = start;
    for (let i = start; i < end; i++) {
      const pointY = ys[i] ?? Number.NaN;
      if (!Number.isFinite(pointY)) continue;
      const area = Math.abs(
        (keptX - avgX) * (pointY - keptY) - (keptX - (xs[i] ?? 0)) * (avgY - keptY),
      );
      if (area > bestArea) {
        bestArea = area;
        best = i;
      }
    }
    sampled.push(points[best] as T);
    kept = best;
  }
  sampled.push(last);
  return sampled;
}
