/** Room for the figures written after the bars' ends: only when some entry has one to write. */
const ENTRY_LABEL_ROOM = 124;
const VALUE_LABEL_ROOM = 56;
const NO_LABEL_ROOM = 24;

/**
 * The chart's right margin: room for the entry labels when some entry has one (an empty column
 * of 124 px had squeezed the share-change axis until recharts dropped its ticks), else for value
 * labels, else a little.
 */
export function barsRightMargin<T extends object>(
  data: readonly T[],
  labels: { entryLabels?: keyof T & string; valueLabels?: unknown },
): number {
  const { entryLabels } = labels;
  if (entryLabels && data.some((entry) => entry[entryLabels] !== '')) return ENTRY_LABEL_ROOM;
  return labels.valueLabels ? VALUE_LABEL_ROOM : NO_LABEL_ROOM;
}
