import type { SendMailOptions } from 'nodemailer';
import { createTransport } from 'nodemailer';
import { writeOutboxFile } from './outbox.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link, kept apart so outbox mode can log it; never logged when mail goes out over SMTP. */
  link?: string;
  /** Extra headers, such as `List-Unsubscribe` on reports and alerts. */
  headers?: Record<string, string>;
}

/** The two pino methods the mailer uses; a pino or Fastify logger fits. */
export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://…`; without it mails are written to `outboxDir`. */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: MailLog;
}

export interface Mailer {
  /** Queues a message and returns at once; a failure is logged, never thrown (the user can ask again). */
  send(message: MailMessage): void;
  /**
   * Hands a message over and settles when it is handed over; rejects when it could not be (the error is
   * logged too). For scheduled deliveries, which keep a log of attempts and retry later.
   */
  deliver(message: MailMessage): Promise<void>;
  /** Resolves when every queued message has been handed over or has failed (graceful shutdown, tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** One way of handing a message over: an SMTP server, or a file in the outbox. */
interface Delivery {
  deliver(mail: SendMailOptions, message: MailMessage): Promise<void>;
  close(): void;
}

function smtpDelivery(smtpUrl: string, log: MailLog): Delivery {
  const transport = createTransport(smtpUrl);
  return {
    async deliver(mail, { to, subject }) {
      await transport.sendMail(mail);
      // The link carries a token that signs in or resets a password: a log line must never hold it.
      log.info({ to, subject }, 'Mail sent');
    },
    close: () => transport.close(),
  };
}

function outboxDelivery(outboxDir: string, log: MailLog): Delivery {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail, { to, subject, link }) {
      const { message: source } = await transport.sendMail(mail);
      if (!Buffer.isBuffer(source)) throw new Error('The stream transport did not buffer the message');
      const file = await writeOutboxFile(outboxDir, source);
      // Without SMTP the log is how a developer gets the link, so here it is logged on purpose.
      log.info({ to, subject, file, link }, 'Mail written to outbox');
    },
    close: () => transport.close(),
  };
}

/** An error message without the link, in case a server or a library echoes the message back. */
function describeError(error: unknown, link: string | undefined): string {
  const text = error instanceof Error ? error.message : String(error);
  return link ? text.split(link).join('[link]') : text;
}

export function createMailer(options: MailerOptions): Mailer {
  const { from, log } = options;
  const delivery = options.smtpUrl
    ? smtpDelivery(options.smtpUrl, log)
    : outboxDelivery(options.outboxDir, log);
  const pending = new Set<Promise<void>>();
  let isClosed = false;

  async function deliver(message: MailMessage): Promise<void> {
    const { to, subject } = message;
    try {
      await handOver(message);
    } catch (error) {
      log.error({ to, subject, err: describeError(error, message.link) }, 'Mail could not be sent');
      throw error;
    }
  }

  async function handOver(message: MailMessage): Promise<void> {
    if (isClosed) throw new Error('The mailer is closed');
    const mail: SendMailOptions = {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      // RFC 3834: tells vacation responders and the like not to answer a machine-sent message.
      headers: { ...message.headers, 'Auto-Submitted': 'auto-generated' },
    };
    await delivery.deliver(mail, message);
  }

  /** Tracks a delivery so that `idle()` and `close()` wait for it. */
  function track(task: Promise<void>): Promise<void> {
    const tracked = task.finally(() => pending.delete(tracked));
    pending.add(tracked);
    return tracked;
  }

  async function idle(): Promise<void> {
    // A message queued while we wait joins the set, so wait until it stays empty.
    while (pending.size > 0) await Promise.allSettled(pending);
  }

  return {
    send(message) {
      // Failures are logged by `deliver`; nobody waits for this one.
      track(deliver(message)).catch(() => undefined);
    },
    deliver: (message) => track(deliver(message)),
    idle,
    async close() {
      isClosed = true;
      await idle();
      delivery.close();
    },
  };
}
