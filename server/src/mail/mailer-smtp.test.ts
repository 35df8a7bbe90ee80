import { describe, expect, it } from 'vitest';
import { parseMime, partOfType, recordingLog } from '../../test/support/mime.js';
import { useSmtpServers } from '../../test/support/smtp-server.js';
import { createMailer } from './mailer.js';
import { verificationMail } from './templates.js';

const startSmtpServer = useSmtpServers();

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
