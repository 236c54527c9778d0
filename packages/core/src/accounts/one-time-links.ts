// Invitations and password resets: links sent by email that work once, for a limited time
// (OWASP Forgot Password Cheat Sheet, "URL tokens"). The server and the dashboard share the
// lifetimes, so the dashboard can say how long a link stays valid.
import { z } from 'zod';
import { DAY, HOUR } from '../units/time.ts';
import { emailSchema, newPasswordSchema, personNameSchema } from './schemas.ts';

/** How long an invitation link stays valid. */
export const INVITATION_TTL_MS = 7 * DAY;

/** How long a password-reset link stays valid: short, as it replaces a password. */
export const PASSWORD_RESET_TTL_MS = HOUR;

/**
 * The dashboard pages the emailed links open. The token follows in the fragment (`#token`), which
 * browsers never send to a server: it stays out of access logs and Referer headers (OWASP
 * Forgot Password Cheat Sheet, "URL tokens").
 */
export const INVITATION_PAGE_PATH = '/accept-invitation';
export const PASSWORD_RESET_PAGE_PATH = '/reset-password';

/** Where a password-reset link is asked for; the password-changed notice points there. */
export const FORGOT_PASSWORD_PAGE_PATH = '/forgot-password';

/**
 * How the server delivered an emailed link: by SMTP, or written to the server log because
 * SMTP_URL is not set (the dashboard tells the admin where to find it).
 */
export type MailDelivery = 'smtp' | 'log';

/** Attributes of `POST /api/v4/password-resets`: the address to send a link to. */
export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** Attributes of `POST /api/v4/password-resets/{token}`: the new password. */
export const passwordResetSchema = z.object({ password: newPasswordSchema });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** Attributes of `POST /api/v4/invitations/{token}/acceptance`: a password, and a name if changed. */
export const invitationAcceptanceSchema = z.object({
  password: newPasswordSchema,
  name: personNameSchema.optional(),
});
export type InvitationAcceptanceInput = z.input<typeof invitationAcceptanceSchema>;

/**
 * How an invited teammate gets in: by choosing a password, or, when their account requires single
 * sign-on (and the install has a provider), through the provider, with no password to choose.
 */
export type InvitationSignIn = 'password' | 'sso';

/** Attributes of an `invitations` resource. */
export interface InvitationAttributes {
  user_id: string;
  email: string;
  /** The name the inviting admin gave; the teammate may change it on accepting. */
  name: string;
  /** The company of the account the invitation joins. */
  company: string;
  date_expires: number;
  /** How this request sent the link; null when the request sent nothing (reading it). */
  delivery: MailDelivery | null;
  sign_in: InvitationSignIn;
  /** The provider's label ("Google") when `sign_in` is `sso`; null otherwise. */
  sso_provider_name: string | null;
}
