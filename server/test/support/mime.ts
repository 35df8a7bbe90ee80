// Helpers for the mail tests only: a log that records what it is given and a small MIME reader, enough to
// check that a rendered message really holds a decodable text/plain and text/html part.
import type { MailLog } from '../../src/mail/mailer.js';

export interface LogEntry {
  level: 'info' | 'error';
  obj: Record<string, unknown>;
  msg: string;
}

export interface RecordingLog extends MailLog {
  entries: LogEntry[];
}

export function recordingLog(): RecordingLog {
  const entries: LogEntry[] = [];
  return {
    entries,
    // A pino merge object is a plain record; copying it also keeps later mutation out of the assertions.
    info: (obj, msg) => entries.push({ level: 'info', obj: { ...obj }, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj: { ...obj }, msg }),
  };
}

export interface MimeLeaf {
  /** The media type alone, lower case: `text/plain`. */
  type: string;
  headers: Record<string, string>;
  /** The body with its transfer encoding undone. */
  body: string;
}

export interface ParsedMessage {
  headers: Record<string, string>;
  /** Every non-multipart part, depth first. */
  leaves: MimeLeaf[];
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeQuotedPrintable(body: string): string {
  const escaped = body
    .replace(/=\n/g, '')
    .replace(/%/g, '%25')
    .replace(/=([0-9A-Fa-f]{2})/g, '%$1');
  return decodeURIComponent(escaped);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body, 'base64').toString('utf8');
    default:
      return body;
  }
}

function splitEntity(source: string): { headers: Record<string, string>; body: string } {
  const end = source.indexOf('\n\n');
  if (end < 0) return { headers: parseHeaders(source), body: '' };
  return { headers: parseHeaders(source.slice(0, end)), body: source.slice(end + 2) };
}

function collectLeaves(source: string, leaves: MimeLeaf[]): void {
  const { headers, body } = splitEntity(source);
  const contentType = headers['content-type'] ?? 'text/plain';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!type.startsWith('multipart/') || !boundary) {
    leaves.push({ type, headers, body: decodeBody(body, headers['content-transfer-encoding']) });
    return;
  }
  const [, ...segments] = body.split(`--${boundary}`);
  for (const segment of segments) {
    if (segment.startsWith('--')) break;
    collectLeaves(segment.replace(/^\n/, '').replace(/\n$/, ''), leaves);
  }
}

/** Reads a raw RFC 5322 message (CRLF or LF line ends) into its top-level headers and leaf parts. */
export function parseMime(raw: string): ParsedMessage {
  const source = raw.replace(/\r\n/g, '\n');
  const leaves: MimeLeaf[] = [];
  collectLeaves(source, leaves);
  return { headers: splitEntity(source).headers, leaves };
}

/** The decoded body of the first part of a media type, or undefined when the message has none. */
export function partOfType(message: ParsedMessage | undefined, type: string): string | undefined {
  return message?.leaves.find((leaf) => leaf.type === type)?.body;
}
