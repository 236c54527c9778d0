// The shared app's outgoing mail, caught by a real SMTP server (smtp-server) on loopback in the
// global setup and written to a folder as one JSON file per message, so specs in other worker
// processes can read what was sent (vitest's provide() only passes values, not live objects).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSmtpInbox, type SmtpInbox } from '../../packages/server/test/mail/smtp-inbox.ts';

export interface DroppedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Starts the SMTP server; every message it receives becomes `<n>.json` under `directory`. */
export async function startMailDrop(directory: string): Promise<SmtpInbox> {
  mkdirSync(directory, { recursive: true });
  let count = 0;
  return startSmtpInbox((mail) => {
    count += 1;
    const dropped: DroppedMail = {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    };
    const name = `${String(count).padStart(6, '0')}.json`;
    writeFileSync(join(directory, name), JSON.stringify(dropped));
  });
}

/** The messages dropped so far, oldest first. */
export function droppedMail(directory: string): DroppedMail[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(directory, name), 'utf8')) as DroppedMail);
}

/** The newest message to `address` whose subject matches, waiting for it up to `timeoutMs`. */
export async function waitForMail(
  directory: string,
  address: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<DroppedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = droppedMail(directory)
      .reverse()
      .find((mail) => mail.to.includes(address.toLowerCase()) && subject.test(mail.subject));
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The dashboard link a message carries. */
export function linkIn(mail: DroppedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (link === undefined) throw new Error(`No link in:\n${mail.text}`);
  return link;
}
