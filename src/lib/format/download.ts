/** Saves a blob as a file through a temporary link (CSV exports, chart images). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  // Firefox only follows clicks on anchors that are in the document.
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    // The click resolves the blob URL synchronously, so revoking now frees the (possibly large)
    // blob without cancelling the download.
    URL.revokeObjectURL(url);
  }
}

const twoDigits = (part: number) => String(part).padStart(2, '0');

/**
 * `now` in the analyst's time zone for dated file names: `date` as YYYY-MM-DD and `time` as
 * HHMM (no colons: Windows refuses them in file names).
 */
export function localFileStamp(now: Date): { date: string; time: string } {
  return {
    date: `${String(now.getFullYear())}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`,
    time: twoDigits(now.getHours()) + twoDigits(now.getMinutes()),
  };
}
