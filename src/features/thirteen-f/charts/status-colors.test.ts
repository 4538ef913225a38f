import { describe, expect, it } from 'vitest';
import { HOLDING_STATUSES } from '#contract/holding-status';
import { seriesColor } from '../../../components/charts/colors.ts';
import { STATUS_COLORS } from './status-colors.ts';

/** WCAG relative luminance of a '#rrggbb' colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

/** The contrast of a colour against white (1 to 21). */
const onWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/** The green-against-red palette the charts used before, which no chart may bring back. */
const FORMER = ['#1b7f3b', '#5fae6e', '#e08a3c', '#b3261e'];

/** Every source file under src/ but the tests, as [path from src/, text], read by Vite. */
function sources(): [string, string][] {
  const texts = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  return Object.entries(texts).map(([path, text]) => [path.replace(/^\/src\//, ''), text]);
}

const OWN = 'features/thirteen-f/charts/status-colors.ts';

describe('STATUS_COLORS', () => {
  it('gives every status a colour of its own', () => {
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...HOLDING_STATUSES].sort());
    expect(new Set(Object.values(STATUS_COLORS)).size).toBe(HOLDING_STATUSES.length);
  });

  it('orders each pair by lightness, darker the stronger, white text readable on the darkest', () => {
    expect(luminance(STATUS_COLORS.NEW)).toBeLessThan(luminance(STATUS_COLORS.ADDED));
    expect(luminance(STATUS_COLORS['SOLD OUT'])).toBeLessThan(luminance(STATUS_COLORS.REDUCED));
    // NEW and SOLD OUT bars carry white text ("SOLD OUT" inside the bar): WCAG AA for it.
    expect(onWhite(STATUS_COLORS.NEW)).toBeGreaterThanOrEqual(4.5);
    expect(onWhite(STATUS_COLORS['SOLD OUT'])).toBeGreaterThanOrEqual(4.5);
    for (const colour of Object.values(STATUS_COLORS)) {
      expect(onWhite(colour)).toBeGreaterThanOrEqual(2.8);
    }
  });

  it('shares no colour with the comparison’s managers', () => {
    const statuses: string[] = Object.values(STATUS_COLORS);
    expect(statuses).not.toContain(seriesColor(2));
    expect(statuses).not.toContain(seriesColor(3));
  });
});

describe('the charts that colour a status', () => {
  const files = sources();

  it('take the colour from status-colors.ts: no other file writes a status colour', () => {
    const written = [...Object.values(STATUS_COLORS), ...FORMER].map((hex) => hex.toLowerCase());
    const offenders = files
      .filter(
        ([path, text]) => path !== OWN && written.some((hex) => text.toLowerCase().includes(hex)),
      )
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it('import STATUS_COLORS wherever a status is named beside a fill or colour', () => {
    // A status literal, or a status' colour used (not a comment naming the map).
    const status = /'(?:NEW|ADDED|REDUCED|SOLD OUT)'|\bSTATUS_COLORS[.[]/;
    const colouring = /\b(?:fill|color)\s*[:=]/;
    const colouringStatus = files.filter(
      ([path, text]) => path !== OWN && status.test(text) && colouring.test(text),
    );
    // The list is not empty: the test would pass by finding nothing.
    expect(colouringStatus.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        'features/thirteen-f/charts/change-bars.ts',
        'features/thirteen-f/views/quarter-lists.tsx',
        'features/thirteen-f/views/security-quarters-chart.tsx',
      ]),
    );
    for (const [path, text] of colouringStatus) {
      expect(text, path).toMatch(
        /import \{[^}]*\bSTATUS_COLORS\b[^}]*\} from '[^']*status-colors\.ts'/,
      );
    }
  });

  it('colour a chart of new positions as NEW, never as ADDED', () => {
    // The quarter's "Largest new positions by weight" had ADDED's colour, which in the changes
    // chart means a position added to.
    const lists = files.find(([path]) => path === 'features/thirteen-f/views/quarter-lists.tsx');
    const colours = [
      ...(lists?.[1] ?? '').matchAll(/<NewPositionsChart\b[^>]*?color=\{STATUS_COLORS\.(\w+)\}/gs),
    ].map((match) => match[1]);
    expect(colours).toEqual(['NEW', 'NEW']);
  });
});
