import { errorBodyOf } from '../../api/api-error';
import { readToken } from '../../api/token';
import { authStore, cookies } from '../../app/services';
import { downloadBlob } from '../../exports/download';
import { trackActivity } from '../../state/auth-store';

/** The file name a `Content-Disposition` header gives, if any. */
function attachmentName(header: string | null): string | undefined {
  const match = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * Downloads an answer of the API that is a file (a CSV, the site's NDJSON export) and saves it under the
 * name its `Content-Disposition` gives, else `<baseName>-<today>.<extension>`. The API client reads JSON
 * only, and a plain link would not carry the bearer token (the server never reads it from the cookie), so
 * this is a fetch with the token, saved as a blob. It counts as a request in flight, so the full-page loader
 * shows while it runs.
 */
export async function downloadFile(
  path: string,
  { accept, baseName, extension }: { accept: string; baseName: string; extension: string },
): Promise<void> {
  const token = readToken(cookies);
  trackActivity(authStore, true);
  try {
    const answer = await fetch(path, {
      headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
    });
    if (!answer.ok) {
      const text = await answer.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      throw new Error(errorBodyOf(body, `the server answered ${answer.status}.`).message);
    }
    const blob = await answer.blob();
    const today = new Date().toISOString().slice(0, 10);
    downloadBlob(
      blob,
      attachmentName(answer.headers.get('Content-Disposition')) ?? `${baseName}-${today}.${extension}`,
    );
  } finally {
    trackActivity(authStore, false);
  }
}
