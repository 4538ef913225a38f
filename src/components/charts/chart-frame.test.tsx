import { screen, within } from '@testing-library/react';
import { Bar, BarChart, XAxis, YAxis } from 'recharts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { figureNamed } from '../../../testing/chart-dom.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { parseRfc4180 } from '../../../testing/rfc4180.ts';
import { ChartFrame } from './chart-frame.tsx';

const TITLE = 'Trades per desk';
const SUMMARY = 'Two desks; Equities traded most, with 12 trades.';
const LEGEND = [
  { label: 'Equities', color: '#0072b2' },
  { label: 'Credit', color: '#e69f00' },
];

function setup() {
  const downloads: { blob: Blob; fileName: string }[] = [];
  let pending: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    pending = blob as Blob;
    return 'blob:chart';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  // jsdom cannot navigate to a blob: the click is where a browser would save the file.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function save(
    this: HTMLAnchorElement,
  ) {
    if (pending && this.href === 'blob:chart')
      downloads.push({ blob: pending, fileName: this.download });
  });
  const view = renderWithProviders(
    <ChartFrame
      title={TITLE}
      notes={['Counted from the loaded rows.']}
      summary={SUMMARY}
      legend={LEGEND}
      table={{
        columns: ['Desk', 'Trades'],
        rows: [
          ['Equities', 12],
          ['Credit', 5],
        ],
      }}
    >
      <BarChart
        width={400}
        height={200}
        data={[
          { desk: 'Equities', trades: 12 },
          { desk: 'Credit', trades: 5 },
        ]}
      >
        <XAxis dataKey="desk" />
        <YAxis />
        <Bar dataKey="trades" isAnimationActive={false} />
      </BarChart>
    </ChartFrame>,
  );
  const exportAs = async (item: 'PNG image' | 'SVG (vector)' | 'CSV of the data') => {
    await view.user.click(screen.getByRole('button', { name: 'Export chart' }));
    await view.user.click(await screen.findByRole('menuitem', { name: item }));
  };
  return { ...view, downloads, exportAs };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ChartFrame', () => {
  it('names the figure after the title and describes it by the summary sentence', () => {
    setup();
    const figure = figureNamed(TITLE);
    expect(figure).toHaveAccessibleDescription(SUMMARY);
    expect(figure.querySelector('svg.recharts-surface')).not.toBeNull();
    expect(screen.getByRole('region', { name: TITLE })).toContainElement(figure);
    expect(screen.getByText('Counted from the loaded rows.')).toBeVisible();
  });

  it('shows and hides the data table', async () => {
    const { user } = setup();
    const toggle = screen.getByRole('button', { name: 'Show data table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(toggle);
    const table = screen.getByRole('table', { name: `${TITLE}: data` });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DeskTrades', 'Equities12', 'Credit5']);
    await user.click(screen.getByRole('button', { name: 'Hide data table' }));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers the image as PNG or SVG, and the data as CSV', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Export chart' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'PNG image',
      'SVG (vector)',
      'CSV of the data',
    ]);
  });

  it('saves the data table as a CSV: the columns, the rows, numbers as numbers', async () => {
    const { downloads, exportAs } = setup();
    await exportAs('CSV of the data');
    const [download] = downloads;
    expect(download?.fileName).toBe('trades-per-desk.csv');
    const text = (await download?.blob.text()) ?? '';
    expect(parseRfc4180(text.replace(/^\uFEFF/, ''))).toEqual([
      ['Desk', 'Trades'],
      ['Equities', '12'],
      ['Credit', '5'],
    ]);
  });

  it('closes the menu and confirms the file it saved', async () => {
    const { exportAs } = setup();
    await exportAs('SVG (vector)');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Saved the chart to trades-per-desk.svg');
  });

  it('saves a standalone SVG with the title, the legend and the chart', async () => {
    const { downloads, exportAs } = setup();
    await exportAs('SVG (vector)');
    expect(downloads).toHaveLength(1);
    const [download] = downloads;
    expect(download?.fileName).toBe('trades-per-desk.svg');
    expect(download?.blob.type).toBe('image/svg+xml');
    const text = (await download?.blob.text()) ?? '';
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    // Well-formed XML in the SVG namespace (a parse error would come back as <parsererror>).
    expect(svg.tagName).toBe('svg');
    expect(svg.namespaceURI).toBe('http://www.w3.org/2000/svg');
    const texts = [...svg.children].filter((child) => child.tagName === 'text');
    expect(texts.map((node) => node.textContent)).toEqual([TITLE, 'Equities', 'Credit']);
    // The chart itself, bars included, is inside.
    const chart = svg.querySelector('svg.recharts-surface');
    expect(chart).not.toBeNull();
    expect(chart?.querySelectorAll('path.recharts-rectangle')).toHaveLength(2);
    expect(chart?.textContent).toContain('Equities');
  });
});
