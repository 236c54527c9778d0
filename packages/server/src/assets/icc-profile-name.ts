/**
 * The human name of an ICC profile: its `desc` tag, e.g. "sRGB IEC61966-2.1" or "Display P3".
 * Version 2 profiles hold it as `desc` (textDescriptionType, ASCII); version 4 profiles as
 * `mluc` (multiLocalizedUnicode, UTF-16BE), the first record being the one shown. Null when the
 * profile is malformed or has no description.
 */
export function iccProfileName(profile: Uint8Array): string | null {
  const bytes = Buffer.from(profile.buffer, profile.byteOffset, profile.byteLength);
  if (bytes.length < 132 || bytes.toString('latin1', 36, 40) !== 'acsp') return null;
  const tagCount = bytes.readUInt32BE(128);
  for (let index = 0; index < tagCount; index += 1) {
    const entry = 132 + index * 12;
    if (entry + 12 > bytes.length) return null;
    if (bytes.toString('latin1', entry, entry + 4) !== 'desc') continue;
    const offset = bytes.readUInt32BE(entry + 4);
    const size = bytes.readUInt32BE(entry + 8);
    if (offset + size > bytes.length || size < 12) return null;
    return descriptionOf(bytes.subarray(offset, offset + size));
  }
  return null;
}

function descriptionOf(tag: Buffer): string | null {
  const type = tag.toString('latin1', 0, 4);
  if (type === 'desc') {
    const length = tag.readUInt32BE(8);
    if (12 + length > tag.length) return null;
    return clean(tag.toString('latin1', 12, 12 + length));
  }
  if (type === 'mluc') {
    const records = tag.readUInt32BE(8);
    if (records === 0 || tag.length < 28) return null;
    const length = tag.readUInt32BE(20);
    const offset = tag.readUInt32BE(24);
    if (offset + length > tag.length) return null;
    return clean(utf16be(tag.subarray(offset, offset + length)));
  }
  return null;
}

function utf16be(bytes: Buffer): string {
  const swapped = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  swapped.swap16();
  return swapped.toString('utf16le');
}

function clean(text: string): string | null {
  // eslint-disable-next-line no-control-regex -- the tag's text ends in NUL padding.
  const name = text.replace(/\u0000+$/g, '').trim();
  return name === '' ? null : name;
}
