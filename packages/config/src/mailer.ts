import { createTransport } from 'nodemailer';

// Lumen's one way to hand a mail to SMTP (nodemailer over SMTP_URL): local auth's links
// (apps/gateway/src/auth/local/mailer.ts) and notification mail (packages/jobs/src/email-delivery.ts)
// both go through it.

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Files sent with the mail (a scheduled report's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export type SmtpTransport = {
  /** Resolves when the SMTP server accepted the mail; rejects with a MailDeliveryError. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export class MailDeliveryError extends Error {
  constructor(readonly code: string) {
    super(`mail delivery failed (${code})`);
    this.name = 'MailDeliveryError';
  }
}

export function createSmtpTransport(url: string, from: string): SmtpTransport {
  const transport = createTransport(url);
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
      } catch (error) {
        // nodemailer's errors can quote the SMTP conversation (the message body, so a link or a
        // token): keep only the code.
        const code = (error as { code?: unknown }).code;
        throw new MailDeliveryError(typeof code === 'string' ? code : 'SEND_FAILED');
      }
    },
    close: () => transport.close(),
  };
}
