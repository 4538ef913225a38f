/**
 * The demo's planted data-quality filer is labelled by its name, so that whoever reads it (a
 * table, an export, the cross-manager views) can tell it is no real firm: its filings exist to
 * show the data-quality flags. The views across managers leave filers so labelled out of their
 * counts unless the analyst picks one.
 */
export const DATA_QUALITY_DEMO_LABEL = '(DATA-QUALITY DEMO)';

/** Whether a filer name is a planted demo filer's. */
export function isDataQualityDemo(filer: string): boolean {
  return filer.trimEnd().endsWith(DATA_QUALITY_DEMO_LABEL);
}
