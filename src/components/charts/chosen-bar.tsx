import { Rectangle } from 'recharts';
import type { BarShapeProps } from 'recharts';

/** The outline of the chosen bar, and how much of their colour the others keep. */
const CHOSEN_STROKE = { stroke: '#1a1b1e', strokeWidth: 2 } as const;
const NOT_CHOSEN_OPACITY = 0.35;

/**
 * A bar series drawn with its chosen entries outlined and the others faded, once the table is
 * filtered on a bar (`anyChosen`: of this series or of another stacked with it); else recharts'
 * own rectangles. The shape keeps each bar's colour (the series' or the entry's).
 */
export function chosenShape<T>(
  data: readonly T[],
  isChosen: ((entry: T) => boolean) | undefined,
  anyChosen: boolean = isChosen !== undefined && data.some(isChosen),
) {
  if (!isChosen || !anyChosen) return {};
  const chosen = data.map(isChosen);
  return {
    shape: (props: BarShapeProps) => (
      <Rectangle
        {...props}
        {...(chosen[props.index] ? CHOSEN_STROKE : { fillOpacity: NOT_CHOSEN_OPACITY })}
      />
    ),
  };
}
