import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export interface SmtpServerOptions {
  /** Refuses every recipient with 550. */
  rejectRecipients?: boolean;
  /** Refuses every message with 554 and this text. */
  rejectData?: string;
}

/** A real SMTP server on a free local port, without TLS, that keeps every message it accepts. */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
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
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    // A test may close the server itself (to free the port); the cleanup then must not close it twice.
    close: () => {
      closing ??= new Promise<void>((resolve) => server.close(resolve));
      return closing;
    },
  };
}

/** `startSmtpServer` for a test file: every server started is closed after its test. */
export function useSmtpServers(): (options?: SmtpServerOptions) => Promise<TestSmtpServer> {
  const servers: TestSmtpServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (options) => {
    const server = await startSmtpServer(options);
    servers.push(server);
    return server;
  };
}
