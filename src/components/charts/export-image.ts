import { downloadBlob } from '../../lib/format/download.ts';
import { fileSlug } from '../../lib/format/csv.ts';

/** One legend entry drawn into an exported image (recharts draws its legend as HTML). */
export interface LegendEntry {
  readonly label: string;
  readonly color: string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const LEGEND_ROW = 20;
/** The title's margin at either side, and its largest and smallest sizes. */
const TITLE_MARGIN = 8;
const TITLE_SIZE = 15;
const MIN_TITLE_SIZE = 11;
/** More lines than this at a size, and the title tries the next smaller one. */
const TITLE_LINES = 2;

/** The width of `text` drawn in the title's font at `size` px. */
export type MeasureText = (text: string, size: number) => number;

/** The title's layout: its font size and its lines, each no wider than the image allows. */
export interface TitleLayout {
  readonly size: number;
  readonly lines: readonly string[];
}

/** Breaks `text` into lines no wider than `width`, at spaces, and inside a word only when it must. */
function wrap(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (fits(joined)) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A word wider than the image alone (a long ticker list, a URL) is cut between characters.
    while (!fits(line) && line.length > 1) {
      let end = line.length - 1;
      while (end > 1 && !fits(line.slice(0, end))) end--;
      lines.push(line.slice(0, end));
      line = line.slice(end);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The title wrapped to the image's width, at the largest size that needs at most two lines; at
 * the smallest size it takes as many lines as it needs. Never cut: a title says which filer and
 * quarter the chart is of, the very words that fall off the end.
 */
export function titleLayout(title: string, width: number, measure: MeasureText): TitleLayout {
  const room = width - 2 * TITLE_MARGIN;
  for (let size = TITLE_SIZE; ; size--) {
    const lines = wrap(title, (line) => measure(line, size) <= room);
    if (lines.length <= TITLE_LINES || size <= MIN_TITLE_SIZE) return { size, lines };
  }
}

/**
 * Measures with the browser's own SVG text metrics, as the image will be drawn; where there are
 * none (jsdom), a generous estimate of a bold sans-serif (0.62 em a character).
 */
function svgMeasure(): { measure: MeasureText; done: () => void } {
  const probe = element('svg', { width: 0, height: 0, 'font-family': FONT }) as SVGSVGElement;
  const text = element('text', { 'font-weight': 600 }) as SVGTextElement;
  probe.style.position = 'absolute';
  probe.style.visibility = 'hidden';
  probe.append(text);
  document.body.append(probe);
  const done = () => {
    probe.remove();
  };
  if (typeof text.getComputedTextLength !== 'function') {
    return { measure: (line, size) => line.length * size * 0.62, done };
  }
  const measure: MeasureText = (line, size) => {
    text.setAttribute('font-size', String(size));
    text.textContent = line;
    return text.getComputedTextLength();
  };
  return { measure, done };
}

/** The title as SVG: one `<tspan>` a line, and its height with the margins. */
function titleText(title: string, width: number): { node: SVGElement; height: number } {
  const { measure, done } = svgMeasure();
  const { size, lines } = titleLayout(title, width, measure);
  done();
  const lineHeight = Math.round(size * 1.3);
  const node = element('text', { x: TITLE_MARGIN, y: 6, 'font-size': size, 'font-weight': 600 });
  lines.forEach((line, index) => {
    const span = element('tspan', { x: TITLE_MARGIN, dy: index === 0 ? size : lineHeight });
    span.textContent = line;
    node.append(span);
  });
  return { node, height: 6 + size + (lines.length - 1) * lineHeight + 8 };
}

function element(name: string, attributes: Record<string, string | number>): SVGElement {
  const node = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

/**
 * A standalone SVG document of a chart: the chart's own SVG with a white background, the title
 * above and the legend below, so the file explains itself when pasted into a report.
 */
function standaloneSvg(chart: SVGSVGElement, title: string, legend: readonly LegendEntry[]) {
  const box = chart.getBoundingClientRect();
  const width = Math.round(box.width || Number(chart.getAttribute('width')) || 800);
  const height = Math.round(box.height || Number(chart.getAttribute('height')) || 400);
  const legendHeight = legend.length > 0 ? LEGEND_ROW + 8 : 0;
  const heading = titleText(title, width);
  const top = heading.height;
  const total = top + height + legendHeight;
  // No explicit `xmlns` attribute: the element is in the SVG namespace, so the serializer declares
  // it; a literal one is serialized a second time by spec-exact serializers (a malformed file).
  const root = element('svg', {
    width,
    height: total,
    viewBox: `0 0 ${width} ${total}`,
    'font-family': FONT,
  });
  // The whole title as the image's accessible name, whatever lines it is drawn on.
  const name = element('title', {});
  name.textContent = title;
  root.append(name);
  root.append(element('rect', { x: 0, y: 0, width, height: total, fill: '#ffffff' }));
  root.append(heading.node);
  const body = element('g', { transform: `translate(0 ${top})` });
  const copy = chart.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('x', '0');
  copy.setAttribute('y', '0');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  body.append(copy);
  root.append(body);
  let x = 8;
  const y = top + height + 18;
  for (const entry of legend) {
    root.append(element('rect', { x, y: y - 10, width: 10, height: 10, fill: entry.color }));
    const label = element('text', { x: x + 14, y, 'font-size': 12 });
    label.textContent = entry.label;
    root.append(label);
    x += 24 + entry.label.length * 7;
  }
  return { text: new XMLSerializer().serializeToString(root), width, height: total };
}

/** A file name from a chart title: "Portfolio weights — AAPL" → "portfolio-weights-aapl". */
export function chartFileName(title: string, extension: 'svg' | 'png' | 'csv'): string {
  const slug = fileSlug(title, 80);
  return `${slug || 'chart'}.${extension}`;
}

/** Saves the chart as an SVG file; returns the file's name. */
export function downloadSvg(
  chart: SVGSVGElement,
  title: string,
  legend: readonly LegendEntry[],
): string {
  const { text } = standaloneSvg(chart, title, legend);
  const name = chartFileName(title, 'svg');
  downloadBlob(new Blob([text], { type: 'image/svg+xml' }), name);
  return name;
}

/** Saves the chart as a PNG at twice its on-screen size (sharp in slides and print). */
export async function downloadPng(
  chart: SVGSVGElement,
  title: string,
  legend: readonly LegendEntry[],
): Promise<string> {
  const { text, width, height } = standaloneSvg(chart, title, legend);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = width * scale;
    canvas.height = height * scale;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the chart as an image.');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    const png = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, 'image/png');
    });
    if (!png) throw new Error('This browser cannot save the chart as a PNG.');
    const name = chartFileName(title, 'png');
    downloadBlob(png, name);
    return name;
  } finally {
    URL.revokeObjectURL(url);
  }
}
