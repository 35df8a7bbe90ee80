import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMime, partOfType, recordingLog } from '../../test/support/mime.js';
import { createMailer } from './mailer.js';
import { outboxFileName } from './outbox.js';
import { passwordResetMail, verificationMail } from './templates.js';

const appUrl = 'http://localhost:3000';
const verifyLink = `${appUrl}/email/verify/7?expires=1795000000&signature=abc123`;
const resetLink = `${appUrl}/password/reset?token=t0ken&email=bob%40example.com`;

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'footfall-mail-'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function annMail() {
  return verificationMail({ to: 'ann@example.com', name: 'Ann', link: verifyLink, appUrl });
}

function bobMail() {
  return passwordResetMail({ to: 'bob@example.com', name: 'Bob', link: resetLink, appUrl, isAdmin: false });
}

function twoMails() {
  return [annMail(), bobMail()];
}

describe('createMailer without SMTP', () => {
  it('writes one parseable .eml file per message, with both parts, into an outbox it creates', async () => {
    const outboxDir = join(root, 'data', 'outbox');
    const mailer = createMailer({ from: 'noreply@footfall.test', outboxDir, log: recordingLog() });

    for (const mail of twoMails()) mailer.send(mail);
    await mailer.idle();

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    const parsed = await Promise.all(
      files.map(async (file) => parseMime(await readFile(join(outboxDir, file), 'utf8'))),
    );
    const byRecipient = new Map(parsed.map((message) => [message.headers.to, message]));
    const ann = byRecipient.get('ann@example.com');
    const bob = byRecipient.get('bob@example.com');
    expect(ann?.headers.subject).toBe('Verify your email address');
    expect(ann?.headers.from).toBe('noreply@footfall.test');
    expect(partOfType(ann, 'text/plain')).toContain(verifyLink);
    expect(partOfType(ann, 'text/html')).toContain('signature=abc123');
    expect(bob?.headers.subject).toBe('Reset your password');
    expect(partOfType(bob, 'text/plain')).toContain(resetLink);
    expect(partOfType(bob, 'text/html')).toContain('token=t0ken&amp;email=');
  });

  it('logs the file and the link of each mail written to the outbox', async () => {
    const outboxDir = join(root, 'outbox');
    const log = recordingLog();
    const mailer = createMailer({ from: 'noreply@footfall.test', outboxDir, log });

    for (const mail of twoMails()) mailer.send(mail);
    await mailer.idle();

    const files = await readdir(outboxDir);
    expect(log.entries).toHaveLength(2);
    for (const [to, link] of [
      ['ann@example.com', verifyLink],
      ['bob@example.com', resetLink],
    ] as const) {
      const entry = log.entries.find((candidate) => candidate.obj.to === to);
      expect(entry).toMatchObject({ level: 'info', msg: 'Mail written to outbox', obj: { to, link } });
      const file = entry?.obj.file;
      expect(files.map((name) => join(outboxDir, name))).toContain(file);
    }
  });

  it('keeps outbox files readable by the server user only, since they hold live links', async () => {
    const outboxDir = join(root, 'outbox');
    const mailer = createMailer({ from: 'noreply@footfall.test', outboxDir, log: recordingLog() });

    mailer.send(annMail());
    await mailer.idle();

    const [file] = await readdir(outboxDir);
    expect((await stat(join(outboxDir, file ?? ''))).mode & 0o077).toBe(0);
  });

  it('logs an outbox that cannot be written as an error without the link, and does not throw', async () => {
    const blocker = join(root, 'not-a-folder');
    await writeFile(blocker, '');
    const log = recordingLog();
    const mailer = createMailer({ from: 'noreply@footfall.test', outboxDir: join(blocker, 'outbox'), log });

    expect(() => {
      for (const mail of twoMails()) mailer.send(mail);
    }).not.toThrow();
    await expect(mailer.idle()).resolves.toBeUndefined();

    expect(log.entries).toHaveLength(2);
    expect(log.entries.every((entry) => entry.level === 'error')).toBe(true);
    // The two writes fail side by side, so their errors may be logged in either order.
    const ann = log.entries.find((entry) => (entry.obj as { to?: string }).to === 'ann@example.com');
    expect(ann?.obj).toMatchObject({ to: 'ann@example.com', subject: 'Verify your email address' });
    expect(ann?.obj).toHaveProperty('err', expect.stringMatching(/ENOTDIR|EEXIST/));
    expect(JSON.stringify(log.entries)).not.toMatch(/abc123|t0ken/);
  });

  it('delivers what was queued before close and refuses, with a logged error, what comes after', async () => {
    const outboxDir = join(root, 'outbox');
    const log = recordingLog();
    const mailer = createMailer({ from: 'noreply@footfall.test', outboxDir, log });

    mailer.send(annMail());
    await mailer.close();
    mailer.send(bobMail());
    await mailer.idle();

    expect(await readdir(outboxDir)).toHaveLength(1);
    expect(log.entries).toMatchObject([
      { level: 'info', obj: { to: 'ann@example.com' } },
      { level: 'error', obj: { to: 'bob@example.com', err: 'The mailer is closed' } },
    ]);
  });
});

describe('outboxFileName', () => {
  it('names a file by its UTC time to the millisecond, then a random suffix, so names sort by time', () => {
    expect(outboxFileName(new Date('2026-11-21T09:30:00.123Z'), 'ab12cd')).toBe(
      '20261121T093000123Z-ab12cd.eml',
    );
    const name = outboxFileName();
    expect(name).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{6}\.eml$/);
    expect(outboxFileName()).not.toBe(name);
  });
});
