// The emails Darkroom sends, each as plain text and simple HTML with the same words. Names come
// from users (the inviter's, the company's), so the HTML escapes them and the subject keeps them
// on one line.
import {
  FORGOT_PASSWORD_PAGE_PATH,
  INVITATION_PAGE_PATH,
  INVITATION_TTL_MS,
  PASSWORD_RESET_PAGE_PATH,
  PASSWORD_RESET_TTL_MS,
} from '@darkroom/core';
import { escapeHtml } from './html.ts';

/** What an email is for, as the log line written without SMTP names it. */
export type MailPurpose = 'invitation' | 'password reset' | 'password changed';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  purpose: MailPurpose;
  /**
   * The one-time link the message carries, which the log shows when SMTP is not set so that an
   * operator can pass it on; null for a notice, which has nothing to pass on.
   */
  link: string | null;
}

const EXPIRY_FORMAT = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

function expiry(at: Date): string {
  return `${EXPIRY_FORMAT.format(at)} UTC`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The dashboard page a link opens, from PUBLIC_URL and never from a request's Host header (a
 * forged Host would send the token to another site: OWASP Forgot Password Cheat Sheet).
 */
export function dashboardLink(publicUrl: string, pagePath: string, token: string): string {
  return `${publicUrl}${pagePath}#${token}`;
}

function html(paragraphs: readonly string[], link: string, action: string): string {
  const escapedLink = escapeHtml(link);
  const body = paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('\n');
  return [
    '<!doctype html>',
    '<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #18181b">',
    body,
    `<p><a href="${escapedLink}" style="display: inline-block; padding: 10px 16px; background: #ea580c; color: #ffffff; border-radius: 8px; text-decoration: none">${escapeHtml(action)}</a></p>`,
    `<p style="font-size: 13px; color: #52525b">Or copy this address into your browser: ${escapedLink}</p>`,
    '</body></html>',
  ].join('\n');
}

export interface InvitationDetails {
  to: string;
  name: string;
  inviterName: string;
  company: string;
  token: string;
  expiresAt: Date;
  /** The provider the account requires signing in with ("Google"); null: a password is chosen. */
  ssoProviderName: string | null;
}

/** Invites a teammate to join the account, choosing a password or signing in with the provider. */
export function invitationMessage(publicUrl: string, details: InvitationDetails): MailMessage {
  const link = dashboardLink(publicUrl, INVITATION_PAGE_PATH, details.token);
  const days = Math.round(INVITATION_TTL_MS / 86_400_000);
  const validity = `This link works once and expires on ${expiry(details.expiresAt)} (in ${days} days).`;
  const ignore = 'If you were not expecting this invitation, you can ignore this email.';
  const provider = details.ssoProviderName;
  const how =
    provider === null
      ? { text: 'Open this link to choose your password:', html: 'Choose your password to accept.' }
      : {
          text: `${details.company} signs in with ${provider}: open this link to accept, then continue with ${provider} as ${details.to}.`,
          html: `${escapeHtml(details.company)} signs in with ${escapeHtml(provider)}: accept, then continue with ${escapeHtml(provider)} as ${escapeHtml(details.to)}.`,
        };
  const text = [
    `Hello ${details.name},`,
    '',
    `${details.inviterName} invited you to join ${details.company} on Darkroom. ${how.text}`,
    '',
    link,
    '',
    validity,
    ignore,
    '',
  ].join('\n');
  return {
    to: details.to,
    subject: oneLine(`${details.inviterName} invited you to join ${details.company} on Darkroom`),
    text,
    html: html(
      [
        `Hello ${escapeHtml(details.name)},`,
        `${escapeHtml(details.inviterName)} invited you to join <strong>${escapeHtml(details.company)}</strong> on Darkroom. ${how.html}`,
        escapeHtml(validity),
        escapeHtml(ignore),
      ],
      link,
      'Accept the invitation',
    ),
    purpose: 'invitation',
    link,
  };
}

export interface PasswordResetDetails {
  to: string;
  token: string;
  expiresAt: Date;
}

/** A link to choose a new password, sent to an address that has an account. */
export function passwordResetMessage(
  publicUrl: string,
  details: PasswordResetDetails,
): MailMessage {
  const link = dashboardLink(publicUrl, PASSWORD_RESET_PAGE_PATH, details.token);
  const minutes = Math.round(PASSWORD_RESET_TTL_MS / 60_000);
  const asked = `Someone asked to reset the password of the Darkroom account of ${details.to}.`;
  const validity = `This link works once and expires on ${expiry(details.expiresAt)} (in ${minutes} minutes). Choosing a new password signs you out everywhere.`;
  const ignore = 'If you did not ask, ignore this email: your password stays as it is.';
  const text = [
    asked,
    'Open this link to choose a new password:',
    '',
    link,
    '',
    validity,
    ignore,
    '',
  ].join('\n');
  return {
    to: details.to,
    subject: 'Reset your Darkroom password',
    text,
    html: html(
      [escapeHtml(asked), escapeHtml(validity), escapeHtml(ignore)],
      link,
      'Choose a new password',
    ),
    purpose: 'password reset',
    link,
  };
}

export interface PasswordChangedDetails {
  to: string;
  changedAt: Date;
}

/**
 * Tells the owner of an address that its password was just reset (OWASP Forgot Password Cheat
 * Sheet: "notify the user that their password has been reset"), so a reset they did not make does
 * not go unnoticed. It names no password and carries no token: only the way to reset it again.
 */
export function passwordChangedMessage(
  publicUrl: string,
  details: PasswordChangedDetails,
): MailMessage {
  const forgotPassword = `${publicUrl}${FORGOT_PASSWORD_PAGE_PATH}`;
  const changed = `The password of the Darkroom account of ${details.to} was changed on ${expiry(details.changedAt)} with a password-reset link. Every session was signed out.`;
  const done = 'If you changed it, there is nothing more to do.';
  const notYou =
    'If you did not, someone else may be able to read your email: secure your email account, then choose a new password with “Forgot password?” and tell an Account Admin of your account.';
  const text = [changed, '', done, notYou, '', forgotPassword, ''].join('\n');
  return {
    to: details.to,
    subject: 'Your Darkroom password was changed',
    text,
    html: html(
      [escapeHtml(changed), escapeHtml(done), escapeHtml(notYou)],
      forgotPassword,
      'Reset your password',
    ),
    purpose: 'password changed',
    link: null,
  };
}
