import type { HoldingStatus } from '#contract/holding-status';

/**
 * The colour of each 13F holding status, in every chart, legend and list that colours one.
 * Blue for buying and orange for selling, the darker the stronger (NEW darker than ADDED, SOLD
 * OUT darker than REDUCED): blue against orange stays apart in every common colour-vision
 * deficiency, where the former green against red did not, and lightness orders each pair for
 * readers who see no hue. Each bar colour has at least 2.8:1 contrast on white; NEW and SOLD OUT
 * carry white text (7.9:1 and 6.7:1). Colour is never the only cue: the charts also say the
 * status in words (a NEW bar's "NEW $2.5M", a SOLD OUT bar's "SOLD OUT") or by the bar's side.
 */
export const STATUS_COLORS: Readonly<Record<HoldingStatus, string>> = {
  NEW: '#08519c',
  ADDED: '#4292c6',
  REDUCED: '#e08214',
  'SOLD OUT': '#a63603',
  UNCHANGED: '#8c8c8c',
};
