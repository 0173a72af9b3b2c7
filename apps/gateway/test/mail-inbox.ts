import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback (the `smtp-server` package), each message parsed as a mail
// program would (`mailparser`): the notification tests read HTML and text parts and headers.

export type InboxMail = { to: string[]; parsed: ParsedMail; raw: string };

export async function startInbox() {
  const mails: InboxMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
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
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
