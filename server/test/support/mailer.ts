import type { Mailer, MailMessage } from '../../src/mail';

/** A mailer that keeps what it is given, for asserting on links and recipients. */
export interface RecordingMailer extends Mailer {
  sent: MailMessage[];
  /** The link of the last mail sent to `to`. */
  lastLinkTo(to: string): string;
}

export function createRecordingMailer(): RecordingMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: (message) => {
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
