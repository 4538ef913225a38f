import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { drawnBars } from '../../../../testing/chart-dom.ts';
import { BarChart } from './bar-chart.tsx';
import { DefaultTooltip } from './chrome.tsx';
import { LineChart } from './line-chart.tsx';

interface Split {
  readonly name: string;
  readonly gain: number;
  readonly loss: number;
}

const DATA: readonly Split[] = [
  { name: 'AAA', gain: 30, loss: -10 },
  { name: 'BBB', gain: 0, loss: -20 },
];

function splitChart(props: {
  onSelect?: (index: number, series: number) => void;
  chosen?: number;
}) {
  return (
    <BarChart
      orientation="rows"
      data={DATA}
      width={400}
      height={230}
      margin={{ top: 0, right: 20, bottom: 0, left: 0 }}
      category={{ label: (entry) => entry.name, size: 100 }}
      valueAxis={{}}
      series={[
        { name: 'Gain', value: (entry) => entry.gain, fill: '#0072b2', stackId: 's' },
        {
          name: 'Loss',
          value: (entry) => entry.loss,
          fill: '#e69f00',
          stackId: 's',
          label: (entry) => `${entry.name} end`,
        },
      ]}
      zeroLine
      legend
      tooltip={(index) => (
        <DefaultTooltip label={DATA[index]?.name ?? ''} lines={[{ name: 'Gain', value: 'x' }]} />
      )}
      onSelect={props.onSelect}
      isChosen={props.chosen === undefined ? undefined : (index) => index === props.chosen}
    />
  );
}

describe('BarChart', () => {
  it('draws each non-empty bar as a path with its box, colour and entry name', () => {
    const { container } = render(splitChart({}));
    const bars = drawnBars(container);
    // BBB's gain is 0: no rectangle, as before.
    expect(bars.map((bar) => [bar.element.getAttribute('name'), bar.fill])).toEqual([
      ['AAA', '#0072b2'],
      ['AAA', '#e69f00'],
      ['BBB', '#e69f00'],
    ]);
    // The loss runs left of zero: a negative width from the zero line.
    const [gain, loss] = bars;
    expect(loss?.x).toBe(gain?.x);
    expect(loss?.width).toBeLessThan(0);
    expect(container.querySelectorAll('.recharts-reference-line-line')).toHaveLength(1);
  });

  it('labels every entry of a labelled series, an empty bar too, and lists the legend by name', () => {
    const { container } = render(splitChart({}));
    expect(
      [...container.querySelectorAll('.recharts-label')].map((label) => label.textContent),
    ).toEqual(['AAA end', 'BBB end']);
    expect(screen.getByText('Gain').closest('li')?.nextSibling?.textContent).toBe('Loss');
    expect(container.querySelectorAll('.recharts-legend-icon')).toHaveLength(2);
  });

  it('reports a clicked bar with its entry and series', () => {
    const onSelect = vi.fn();
    const { container } = render(splitChart({ onSelect }));
    const third = drawnBars(container)[2];
    if (!third) throw new Error('no bar');
    fireEvent.click(third.element);
    expect(onSelect).toHaveBeenCalledWith(1, 1);
  });

  it('outlines the chosen entry and fades the others', () => {
    const { container } = render(splitChart({ chosen: 0 }));
    const looks = drawnBars(container).map((bar) => [
      bar.element.getAttribute('stroke'),
      bar.element.getAttribute('fill-opacity'),
    ]);
    expect(looks).toEqual([
      ['#1a1b1e', null],
      ['#1a1b1e', null],
      [null, '0.35'],
    ]);
  });

  it('shows the tooltip of the entry the arrow keys reach, and hides it on Escape', () => {
    const { container } = render(splitChart({}));
    const svg = container.querySelector('svg.recharts-surface');
    if (!svg) throw new Error('no chart');
    expect(svg.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(svg, { key: 'ArrowDown' });
    fireEvent.keyDown(svg, { key: 'ArrowDown' });
    expect(container.querySelector('.recharts-tooltip-label')?.textContent).toBe('BBB');
    // The cursor band lies behind the hovered row.
    expect(container.querySelector('rect.recharts-tooltip-cursor')?.getAttribute('y')).toBe('100');
    fireEvent.keyDown(svg, { key: 'Escape' });
    expect(container.querySelector('.recharts-tooltip-wrapper')).toBeNull();
  });
});

describe('LineChart', () => {
  it('draws a line per series on its own axis, broken where a value is missing', () => {
    const points = [
      { period: 'Q1', shares: 10, weight: 5 },
      { period: 'Q2', shares: null, weight: 10 },
      { period: 'Q3', shares: 30, weight: 20 },
    ];
    const { container } = render(
      <LineChart
        data={points}
        width={400}
        height={230}
        margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
        category={{ label: (entry) => entry.period }}
        left={{ size: 60 }}
        right={{ unit: '%', size: 60 }}
        series={[
          { name: 'Shares', value: (entry) => entry.shares, color: '#0072b2', axis: 'left' },
          { name: 'Weight', value: (entry) => entry.weight, color: '#d55e00', axis: 'right' },
        ]}
        tooltip={() => null}
      />,
    );
    const paths = [...container.querySelectorAll('path.recharts-line-curve')].map((path) =>
      path.getAttribute('d'),
    );
    // Points at x 60, 200, 340 (the plot between the two 60 px axes); the shares line jumps the missing Q2 (two moves, no line to it).
    expect(paths[0]).toMatch(/^M60,[\d.]+M340,[\d.]+$/);
    expect(paths[1]).toMatch(/^M60,[\d.]+L200,[\d.]+L340,[\d.]+$/);
    const right = [...container.querySelectorAll('.recharts-yAxis-tick-labels text')].map(
      (tick) => tick.textContent,
    );
    expect(right).toContain('20%');
  });
});
