import type { Mailer, MailMessage } from '../../src/mail';

/** A mailer that keeps what it is given, for asserting on links and recipients. */
export interface RecordingMailer extends Mailer {
  sent: MailMessage[];
  /** Makes the next `deliver` calls reject with this error (a mail server that is down); null heals it. */
  failDeliveries(error: Error | null): void;
  /** The link of the last mail sent to `to`. */
  lastLinkTo(to: string): string;
}

export function createRecordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  let failure: Error | null = null;
  return {
    sent,
    failDeliveries(error) {
      failure = error;
    },
    send: (message) => {
      sent.push(message);
    },
    deliver: async (message) => {
      if (failure) throw failure;
      sent.push(message);
    },
    idle: async () => {},
    close: async () => {},
    lastLinkTo(to) {
      const mail = sent.filter((message) => message.to === to).at(-1);
      if (!mail?.link) throw new Error(`no mail with a link was sent to ${to}`);
      return mail.link;
    },
  };
}
