import { downloadBlob } from '../../lib/format/download.ts';
import { fileSlug } from '../../lib/format/csv.ts';

/** One legend entry drawn into an exported image (recharts draws its legend as HTML). */
export interface LegendEntry {
  readonly label: string;
  readonly color: string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const TITLE_HEIGHT = 28;
const LEGEND_ROW = 20;

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
  const total = TITLE_HEIGHT + height + legendHeight;
  // No explicit `xmlns` attribute: the element is in the SVG namespace, so the serializer declares
  // it; a literal one is serialized a second time by spec-exact serializers (a malformed file).
  const root = element('svg', {
    width,
    height: total,
    viewBox: `0 0 ${width} ${total}`,
    'font-family': FONT,
  });
  root.append(element('rect', { x: 0, y: 0, width, height: total, fill: '#ffffff' }));
  const heading = element('text', { x: 8, y: 19, 'font-size': 15, 'font-weight': 600 });
  heading.textContent = title;
  root.append(heading);
  const body = element('g', { transform: `translate(0 ${TITLE_HEIGHT})` });
  const copy = chart.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('x', '0');
  copy.setAttribute('y', '0');
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(height));
  body.append(copy);
  root.append(body);
  let x = 8;
  const y = TITLE_HEIGHT + height + 18;
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

/** Saves the chart as an SVG file. */
export function downloadSvg(chart: SVGSVGElement, title: string, legend: readonly LegendEntry[]) {
  const { text } = standaloneSvg(chart, title, legend);
  downloadBlob(new Blob([text], { type: 'image/svg+xml' }), chartFileName(title, 'svg'));
}

/** Saves the chart as a PNG at twice its on-screen size (sharp in slides and print). */
export async function downloadPng(
  chart: SVGSVGElement,
  title: string,
  legend: readonly LegendEntry[],
): Promise<void> {
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
    downloadBlob(png, chartFileName(title, 'png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
