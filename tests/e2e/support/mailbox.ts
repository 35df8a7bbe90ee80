// The e2e world's mail: an SMTP server in the set-up's process that the Footfall server sends to (SMTP_URL),
// writing each message it receives as a file, which the tests read.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { parseMime, partOfType } from '../../../server/test/support/mime';

export interface Mailbox {
  url: string;
  close(): Promise<void>;
}

/** Starts the SMTP server; each message becomes `DIR/<n>-<recipient>.eml`. */
export async function startMailbox(dir: string): Promise<Mailbox> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()).join(',');
        count += 1;
        writeFileSync(join(dir, `${String(count).padStart(4, '0')}-${to}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The text of every message sent to `address`, oldest first. */
export function messagesTo(dir: string, address: string): string[] {
  if (!existsSync(dir)) return [];
  const suffix = `-${address.toLowerCase()}.eml`;
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => {
      const message = parseMime(readFileSync(join(dir, name), 'utf8'));
      return partOfType(message, 'text/plain') ?? '';
    });
}

/**
 * Waits for the `nth` message to `address` (1-based; the latest when omitted is not safe: pass how many
 * were there before) and answers the first link in it that starts with `prefix`.
 */
export async function waitForLink(
  dir: string,
  address: string,
  prefix: string,
  nth: number,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const text = messagesTo(dir, address)[nth - 1];
        link = text?.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.startsWith(prefix));
        return link !== undefined;
      },
      { timeout: 15_000, message: `mail number ${nth} to ${address} with a link to ${prefix}` },
    )
    .toBe(true);
  return link as string;
}
