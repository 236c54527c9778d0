// Editor spec section 4 shows 'Image load failed: {status} {statusText}' for an error; the
// delivery's answer says why in its plain-text body (the server's errorAnswer), which HEAD
// cannot carry, so the body is read once for the words.

/** Longest reason shown: the delivery's reasons are a sentence or two. */
const REASON_MAX_LENGTH = 500;

/** The delivery's reason for refusing `url`, or null when it gives none that can be read. */
export async function failureReasonOf(url: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(url, { signal, cache: 'no-store' });
    if (response.ok) return null;
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('text/plain')) return null;
    const text = (await response.text()).trim().replace(/\s+/g, ' ');
    return text === '' ? null : text.slice(0, REASON_MAX_LENGTH);
  } catch {
    // Aborted, or a delivery domain without CORS headers: the status alone is shown.
    return null;
  }
}
