import type { Logger } from '@lumen/config/logger';
import { createSmtpTransport, MailDeliveryError } from '@lumen/config/mailer';

/** A mail that carries a secret link (recovery, sign-up confirmation). */
export type AuthMail = { to: string; subject: string; intro: string; link: string };

/**
 * How local auth reaches a mailbox (docs/security.md, "Account email"):
 * - `smtp`: SMTP_URL is set; mails go through nodemailer.
 * - `console`: development without SMTP; the operator at the keyboard reads the link from a
 *   labelled notice on stderr. It is written directly, never through the logger, so it cannot
 *   reach log files, log shippers or Sentry.
 * - `none`: production without SMTP; nothing can be sent, so recovery and mailed sign-up are off.
 */
export type Mailer = {
  readonly kind: 'smtp' | 'console' | 'none';
  /** Resolves when the mail is handed over; rejects when it could not be (never with the link). */
  send(mail: AuthMail): Promise<void>;
  close(): void;
};

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  production: boolean;
  /** Where the console notice goes; stderr by default. */
  write?: (text: string) => void;
}): Mailer {
  if (options.smtpUrl) return smtpMailer(options.smtpUrl, options.from);
  if (options.production) {
    return {
      kind: 'none',
      send: () => Promise.reject(new MailDeliveryError('NO_SMTP')),
      close: () => {},
    };
  }
  const write = options.write ?? ((text: string) => void process.stderr.write(text));
  return {
    kind: 'console',
    send: async (mail) => write(consoleNotice(mail)),
    close: () => {},
  };
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = createSmtpTransport(url, from);
  return {
    kind: 'smtp',
    send: (mail) =>
      transport.send({
        to: mail.to,
        subject: mail.subject,
        text: `${mail.intro}\n\n${mail.link}\n\nIf you did not ask for this, ignore this email.\n`,
      }),
    close: () => transport.close(),
  };
}

function consoleNotice(mail: AuthMail): string {
  const rule = '='.repeat(78);
  return [
    '',
    rule,
    ' LUMEN LOCAL AUTH: EMAIL NOT SENT (no SMTP_URL configured; development only)',
    ' This notice is for the operator at this console. It is not written to the log.',
    ` To:      ${mail.to}`,
    ` Subject: ${mail.subject}`,
    ` ${mail.intro}`,
    ` ${mail.link}`,
    rule,
    '',
    '',
  ].join('\n');
}

/**
 * Sends without making the caller wait or fail: the HTTP answer must be the same (and as quick)
 * whether or not an account exists, so delivery problems are only logged, by code.
 */
export function sendInBackground(mailer: Mailer, logger: Logger, mail: AuthMail, kind: string) {
  mailer.send(mail).catch((error: unknown) => {
    const code = error instanceof MailDeliveryError ? error.code : 'SEND_FAILED';
    logger.error({ event: 'auth_mail_failed', kind, code }, `local auth: ${kind} mail not sent`);
  });
}
