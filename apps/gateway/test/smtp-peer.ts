import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';

export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A real SMTP peer on loopback (RFC 5321's minimal command set, no TLS, no auth): enough for
 * nodemailer to deliver to, so tests read what a mailbox would receive.
 */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 lumen-test-peer ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            reply('250 OK: queued');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 lumen-test-peer');
        else if (verb === 'MAIL') {
          mail.from = line.slice(line.indexOf(':') + 1).trim();
          reply('250 OK');
        } else if (verb === 'RCPT') {
          mail.to.push(line.slice(line.indexOf(':') + 1).trim());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 5.5.1 Unrecognized command');
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The mails to `address` so far (decoded from quoted-printable, soft breaks joined). */
    mailsTo(address: string): string[] {
      return received
        .filter((m) => m.to.some((to) => to.includes(address)))
        .map((m) => decodeQuotedPrintable(m.data));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
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
