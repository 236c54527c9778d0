// A real SMTP server (the smtp-server package) on loopback that keeps what it receives, for tests
// that follow an emailed link. No TLS and no authentication: it only ever listens on 127.0.0.1.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime.ts';

export interface ReceivedMail extends ParsedMail {
  /** The envelope sender (MAIL FROM). */
  from: string;
  /** The envelope recipients (RCPT TO). */
  to: string[];
  raw: string;
}

export interface SmtpInbox {
  /** SMTP_URL for the app under test. */
  url: string;
  readonly messages: readonly ReceivedMail[];
  /** When true, every recipient is refused with 550, as a mail server that will not relay. */
  refusing: boolean;
  /** The next message to `address` not yet taken by this call; waits for it up to `timeoutMs`. */
  nextMessageTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpInbox(
  onMessage: (mail: ReceivedMail) => void = () => undefined,
): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      const refusal = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      return callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        const mail: ReceivedMail = {
          ...parseMail(raw),
          from: mailFrom === false ? '' : mailFrom.address,
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          raw,
        };
        messages.push(mail);
        onMessage(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    async nextMessageTo(address, timeoutMs = 10_000) {
      const wanted = address.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((mail) => !taken.has(mail) && mail.to.includes(wanted));
        if (found !== undefined) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No message to ${address} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
