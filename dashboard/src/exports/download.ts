// Browser only: saving a file the page made. Unit tests never reach this; end-to-end tests do.

/**
 * How long the object URL outlives the click. Revoking it at once can cancel the download in some
 * browsers, which read the URL after the click handler returns; a minute is ample and frees the memory.
 */
const REVOKE_AFTER_MS = 60_000;

/** Saves `blob` as `filename` through a temporary `<a download>`, as the browser's own download. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  // Firefox ignores clicks on links that are not in the document.
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
