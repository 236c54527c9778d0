// Sends Darkroom's emails through SMTP (nodemailer), or, when SMTP_URL is not set, writes the
// link each would carry to the server log so an operator can pass it on by hand (a notice, which
// carries none, is only noted there).
import type { MailDelivery } from '@darkroom/core';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import type { MailMessage } from './messages.ts';

// nodemailer waits minutes by default; an admin waiting on an invitation should not.
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** The SMTP server refused the message or could not be reached. */
export class MailNotSentError extends Error {
  constructor(cause: unknown) {
    super('The mail server did not take the message.', { cause });
    this.name = 'MailNotSentError';
  }
}

export interface Mailer {
  /** How every message of this server goes out. */
  readonly delivery: MailDelivery;
  /** Sends now; throws MailNotSentError when the SMTP server does not take the message. */
  send(message: MailMessage): Promise<void>;
  /**
   * Composes and sends after the request is answered, so the answer takes as long whether or
   * not there is anything to send (OWASP Forgot Password Cheat Sheet: consistent response
   * times). Failures are logged; `close` waits for what is under way.
   */
  sendInBackground(compose: () => Promise<MailMessage | null>): void;
  close(): Promise<void>;
}

type Sender = (message: MailMessage) => Promise<void>;

function smtpSender(smtpUrl: string, from: string): Sender {
  const transport = createTransport(
    {
      url: smtpUrl,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: CONNECTION_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    },
    { from },
  );
  return async (message) => {
    try {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (error) {
      throw new MailNotSentError(error);
    }
  };
}

function logSender(log: FastifyBaseLogger): Sender {
  // Warn rather than info, so the link is there whatever LOG_LEVEL short of error hides.
  return async (message) => {
    log.warn(
      { mail: { to: message.to, purpose: message.purpose } },
      message.link === null
        ? `SMTP_URL is not set: the ${message.purpose} email to ${message.to} was not sent`
        : `SMTP_URL is not set: the ${message.purpose} link for ${message.to} is ${message.link}`,
    );
  };
}

export function createMailer(mail: Config['mail'], log: FastifyBaseLogger): Mailer {
  const send = mail.smtpUrl === null ? logSender(log) : smtpSender(mail.smtpUrl, mail.from);
  const underWay = new Set<Promise<void>>();
  return {
    delivery: mail.smtpUrl === null ? 'log' : 'smtp',
    send,
    sendInBackground(compose) {
      const task = (async () => {
        try {
          const message = await compose();
          if (message !== null) await send(message);
        } catch (error) {
          log.error({ err: error }, 'an email was not sent');
        }
      })();
      underWay.add(task);
      void task.finally(() => underWay.delete(task));
    },
    async close() {
      await Promise.all(underWay);
    },
  };
}
