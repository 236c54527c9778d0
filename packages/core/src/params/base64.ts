// The `*64` parameter variants (txt64, mark64, ...): values in base64url (RFC 4648 section 5),
// which imgix client libraries send unpadded. Padding is accepted too.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export type Base64Result =
  { ok: true; text: string } | { ok: false; problem: 'characters' | 'length' | 'utf8' };

interface Utf8Decoder {
  decode(bytes: Uint8Array): string;
}
type Utf8DecoderConstructor = new (label: string, options: { fatal: boolean }) => Utf8Decoder;

// core compiles without DOM or Node typings; TextDecoder is a web standard both platforms ship.
const utf8 = new (globalThis as unknown as { TextDecoder: Utf8DecoderConstructor }).TextDecoder(
  'utf-8',
  { fatal: true },
);

/** Decodes base64url text to a UTF-8 string, saying what is wrong when it cannot. */
export function decodeBase64Url(encoded: string): Base64Result {
  const unpadded = encoded.replace(/={1,2}$/, '');
  if (![...unpadded].every((character) => ALPHABET.includes(character))) {
    return { ok: false, problem: 'characters' };
  }
  // One leftover character carries 6 bits, less than a byte: no encoder produces it.
  if (unpadded.length % 4 === 1) return { ok: false, problem: 'length' };
  if (unpadded !== encoded && encoded.length % 4 !== 0) return { ok: false, problem: 'length' };

  const bytes = new Uint8Array(Math.floor((unpadded.length * 3) / 4));
  let buffer = 0;
  let bufferedBits = 0;
  let byteIndex = 0;
  for (const character of unpadded) {
    buffer = ((buffer << 6) | ALPHABET.indexOf(character)) & 0xffffff;
    bufferedBits += 6;
    if (bufferedBits >= 8) {
      bufferedBits -= 8;
      bytes[byteIndex] = (buffer >> bufferedBits) & 0xff;
      byteIndex += 1;
    }
  }
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, problem: 'utf8' };
  }
}

/**
 * Decodes Base64 in the standard alphabet (RFC 4648 section 4: `+` and `/`) as well as in
 * base64url, for the parameters imgix documents as "a standard Base64-encoded" value. A `+` the
 * query string read as a space (application/x-www-form-urlencoded) is read back as `+`: Base64
 * holds no spaces.
 */
export function decodeBase64Standard(encoded: string): Base64Result {
  return decodeBase64Url(encoded.replace(/[+ ]/g, '-').replaceAll('/', '_'));
}
