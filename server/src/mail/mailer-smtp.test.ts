import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';
import { verificationMail } from './templates.js';
import { parseMime, partOfType, recordingLog } from './test-support.js';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

const servers: TestSmtpServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A real SMTP server on a free local port, without TLS, that keeps every message it accepts. */
async function startSmtpServer(
  options: { rejectRecipients?: boolean; rejectData?: string } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!options.rejectRecipients) return callback();
      callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.rejectData)
          return callback(Object.assign(new Error(options.rejectData), { responseCode: 554 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  const handle: TestSmtpServer = {
    url: `smtp://127.0.0.1:${port}`,
    received,
    // A test may close the server itself (to free the port); afterEach then must not close it twice.
    close: () => {
      closing ??= new Promise<void>((resolve) => server.close(resolve));
      return closing;
    },
  };
  servers.push(handle);
  return handle;
}

const link = 'http://localhost:3000/email/verify/42?expires=1795000000&signature=5ecret5ignature';

function ann() {
  return verificationMail({ to: 'ann@example.com', name: 'Ann', link, appUrl: 'http://localhost:3000' });
}

describe('createMailer over SMTP', () => {
  it('delivers a verification mail to the recipient with the subject and the link in both parts', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Footfall <noreply@footfall.test>',
      outboxDir: '/nonexistent',
      log: recordingLog(),
    });

    mailer.send(ann());
    await mailer.idle();
    await mailer.close();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('noreply@footfall.test');
    expect(mail?.to).toEqual(['ann@example.com']);
    expect(mail?.raw).toContain('Subject: Verify your email address');
    const parsed = parseMime(mail?.raw ?? '');
    expect(parsed.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(partOfType(parsed, 'text/plain')).toContain(link);
    expect(partOfType(parsed, 'text/html')).toContain(link.replace('&', '&amp;'));
  });

  it('logs a delivered mail with its recipient and subject but never its link', async () => {
    const smtp = await startSmtpServer();
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'noreply@footfall.test', outboxDir: '/x', log });

    mailer.send(ann());
    await mailer.close();

    expect(log.entries).toEqual([
      {
        level: 'info',
        obj: { to: 'ann@example.com', subject: 'Verify your email address' },
        msg: 'Mail sent',
      },
    ]);
    expect(JSON.stringify(log.entries)).not.toContain('5ecret5ignature');
  });

  it('logs a rejected recipient as an error without the link, and neither send nor idle throws', async () => {
    const smtp = await startSmtpServer({ rejectRecipients: true });
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'noreply@footfall.test', outboxDir: '/x', log });

    expect(() => mailer.send(ann())).not.toThrow();
    await expect(mailer.idle()).resolves.toBeUndefined();
    await mailer.close();

    expect(smtp.received).toHaveLength(0);
    expect(log.entries).toHaveLength(1);
    const [entry] = log.entries;
    expect(entry).toMatchObject({
      level: 'error',
      obj: { to: 'ann@example.com', subject: 'Verify your email address' },
    });
    expect(entry?.obj).toHaveProperty('err', expect.stringContaining('No such user here'));
    expect(JSON.stringify(log.entries)).not.toContain('5ecret5ignature');
  });

  it('keeps the link out of the error log even when the server quotes it back', async () => {
    // Spam filters do this: "554 blocklisted URL http://…" would otherwise put a live token in the log.
    const smtp = await startSmtpServer({ rejectData: `Message rejected: blocklisted URL ${link}` });
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'noreply@footfall.test', outboxDir: '/x', log });

    mailer.send(ann());
    await mailer.close();

    expect(log.entries).toMatchObject([{ level: 'error', obj: { to: 'ann@example.com' } }]);
    expect(log.entries[0]?.obj).toHaveProperty('err', expect.stringContaining('blocklisted URL [link]'));
    expect(JSON.stringify(log.entries)).not.toContain('5ecret5ignature');
  });

  it('logs an unreachable SMTP server as an error instead of throwing', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'noreply@footfall.test', outboxDir: '/x', log });

    mailer.send(ann());
    await mailer.close();

    expect(log.entries).toMatchObject([{ level: 'error', obj: { to: 'ann@example.com' } }]);
    expect(log.entries[0]?.obj).toHaveProperty('err', expect.stringMatching(/ECONNREFUSED|connect/i));
  });

  it('deliver settles once the server took the message, with the extra headers, and rejects when it refused', async () => {
    const smtp = await startSmtpServer();
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'noreply@footfall.test', outboxDir: '/x', log });

    await mailer.deliver({ ...ann(), headers: { 'List-Unsubscribe': '<http://localhost:3000/u/1>' } });
    expect(smtp.received).toHaveLength(1);
    expect(parseMime(smtp.received[0]?.raw ?? '').headers['list-unsubscribe']).toBe(
      '<http://localhost:3000/u/1>',
    );

    await smtp.close();
    await expect(mailer.deliver(ann())).rejects.toThrow(/ECONNREFUSED|connect/i);
    await expect(mailer.idle()).resolves.toBeUndefined();
    await mailer.close();
    expect(log.entries.map((entry) => entry.level)).toEqual(['info', 'error']);
  });
});
