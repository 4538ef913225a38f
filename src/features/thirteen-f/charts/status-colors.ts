import type { HoldingStatus } from '#contract/holding-status';

/**
 * The colour of each 13F holding status, in the 13F charts and views: colours that read on white
 * and for the common colour-vision deficiencies.
 */
export const STATUS_COLORS: Readonly<Record<HoldingStatus, string>> = {
  NEW: '#1b7f3b',
  ADDED: '#5fae6e',
  REDUCED: '#e08a3c',
  'SOLD OUT': '#b3261e',
  UNCHANGED: '#8c8c8c',
};
