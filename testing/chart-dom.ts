import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** One drawn bar (or stacked segment) of a recharts chart, with its geometry in SVG units. */
export interface DrawnBar {
  readonly element: SVGPathElement;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly fill: string;
}

/**
 * The bars recharts drew inside a figure, in document order (series by series, each series in
 * data order). Nothing but the SVG shows them: they have no role or text.
 */
export function drawnBars(figure: HTMLElement): DrawnBar[] {
  return [
    ...figure.querySelectorAll<SVGPathElement>('.recharts-bar-rectangle path.recharts-rectangle'),
  ].map((element) => ({
    element,
    x: Number(element.getAttribute('x')),
    y: Number(element.getAttribute('y')),
    width: Number(element.getAttribute('width')),
    height: Number(element.getAttribute('height')),
    fill: element.getAttribute('fill') ?? '',
  }));
}

/** The bars from top to bottom (horizontal bar charts). */
export function barsTopDown(figure: HTMLElement): DrawnBar[] {
  return drawnBars(figure).sort((a, b) => a.y - b.y);
}

/**
 * Clicks the `index`-th bar (top down for 'top-down', else in document order) as a pointer does:
 * it hovers first, and recharts may redraw the bars for the tooltip, so the click goes to the bar
 * under the pointer afterwards, not to the element found before.
 */
export async function clickBar(
  user: UserEvent,
  figure: HTMLElement,
  index: number,
  order: 'top-down' | 'document' = 'top-down',
): Promise<void> {
  const bar = () => {
    const found = (order === 'top-down' ? barsTopDown(figure) : drawnBars(figure))[index];
    if (!found) throw new Error(`No bar ${String(index)} in the chart.`);
    return found.element;
  };
  await user.hover(bar());
  await user.click(bar());
}

/** The text of the category axis ticks, in order (the Y axis of a horizontal bar chart). */
export function axisLabels(figure: HTMLElement, axis: 'x' | 'y'): string[] {
  return [
    ...figure.querySelectorAll(
      `.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`,
    ),
  ].map((tick) => tick.textContent);
}

/** The chart figure with this accessible name (ChartFrame names it after its title). */
export const figureNamed = (title: string | RegExp) => screen.getByRole('figure', { name: title });

/** The cells' text of a table, header row first. */
export function tableTexts(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

/**
 * Shows the data table of the chart titled `title` (its "Show data table" button) and returns
 * its cells' text, header row first.
 */
export async function chartData(user: UserEvent, title: string): Promise<string[][]> {
  const frame = screen.getByRole('region', { name: title });
  await user.click(within(frame).getByRole('button', { name: 'Show data table' }));
  return tableTexts(within(frame).getByRole('table', { name: `${title}: data` }));
}
