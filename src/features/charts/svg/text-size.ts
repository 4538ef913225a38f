/**
 * How wide a label is drawn, for thinning and wrapping axis labels. A canvas measures it in the
 * page's own font; where there is no canvas (jsdom in the unit tests, which logs an error when
 * asked for one) a width of 0.6 em per character stands in.
 */

/** The font size SVG text gets from the page when none is set (Mantine's body text). */
const DEFAULT_FONT_SIZE = 16;

/**
 * The height of a label as the old library measured it (a span of page text, Mantine's line
 * height 1.55): what a vertical axis leaves between labels and keeps inside the chart.
 */
export const LABEL_HEIGHT = DEFAULT_FONT_SIZE * 1.55;

let context: CanvasRenderingContext2D | null | undefined;

function canvasContext(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  context =
    typeof document === 'undefined' || navigator.userAgent.includes('jsdom')
      ? null
      : document.createElement('canvas').getContext('2d');
  return context;
}

const widths = new Map<string, number>();

/** The width in px of `text` at `fontSize` px in the page's font; remembered per text and size. */
export function textWidth(text: string, fontSize = DEFAULT_FONT_SIZE): number {
  const key = `${String(fontSize)}|${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  const canvas = canvasContext();
  let width = text.length * fontSize * 0.6;
  if (canvas) {
    canvas.font = `${String(fontSize)}px ${getComputedStyle(document.body).fontFamily}`;
    width = canvas.measureText(text).width;
  }
  widths.set(key, width);
  return width;
}
