import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// The one SMTP peer of the tests: a real SMTP server on loopback (the `smtp-server` package), each
// message parsed as a mail program would (`mailparser`). Notification tests read the HTML and text
// parts and headers; the sign-in and invitation tests read a mail's decoded source (`mailsTo`).

export type InboxMail = { to: string[]; parsed: ParsedMail; raw: string };

export async function startInbox() {
  const mails: InboxMail[] = [];
  /** Recipients refused (550) the next `n` times they are named in RCPT TO. */
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, done) {
      const left = refusals.get(address.address) ?? 0;
      if (left <= 0) return done();
      refusals.set(address.address, left - 1);
      const refusal = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      done(refusal);
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            mails.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
            done();
          },
          (error: Error) => done(error),
        );
      });
    },
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address: string) => mails.filter((m) => m.to.includes(address)),
    /** The server refuses `address` (550 at RCPT TO) its next `times` deliveries. */
    refuse: (address: string, times: number) => refusals.set(address, times),
    /** The source of each mail to `address` so far, quoted-printable decoded, soft breaks joined. */
    mailsTo: (address: string): string[] =>
      mails
        .filter((m) => m.to.some((to) => to.includes(address)))
        .map((m) => decodeQuotedPrintable(m.raw.replace(/\r\n/g, '\n'))),
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Polls until `read` returns something (mail is delivered in the background). No deadline of its
 * own: a count of tries is a time limit that load stretches; the test's timeout bounds the wait.
 */
export async function waitFor<T>(read: () => T | undefined, _what: string): Promise<T> {
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The first link to /auth/v1/verify in a mail. */
export function verifyLinkIn(mail: string): string | undefined {
  return /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail)?.[0];
}
