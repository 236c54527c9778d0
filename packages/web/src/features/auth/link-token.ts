import { useLocation } from 'react-router';

/**
 * The token of an emailed link (`/reset-password#drr_…`). It rides in the fragment, which the
 * browser never sends to a server, so it stays out of access logs and Referer headers (OWASP
 * Forgot Password Cheat Sheet); '' when the link lost it.
 */
export function useLinkToken(): string {
  const { hash } = useLocation();
  return decodeURIComponent(hash.replace(/^#/, '')).trim();
}
