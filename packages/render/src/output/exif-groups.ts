import exifReader from 'exif-reader';

type JsonValue = string | number | boolean | JsonValue[];
export type MetadataGroup = Record<string, JsonValue>;

// Pointers to other IFDs: offsets into the file, meaningless to a reader of the JSON.
const POINTER_TAGS = new Set(['ExifTag', 'GPSTag', 'InterColorProfile', 'XMLPacket']);
// Longer undefined-type blobs (MakerNote, thumbnails) are vendor binary, not metadata to show.
const MAX_BLOB_BYTES = 64;

/** EXIF dates as EXIF writes them, `YYYY:MM:DD HH:MM:SS` (exif-reader parsed them as UTC). */
function exifDate(date: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getUTCFullYear()}:${two(date.getUTCMonth() + 1)}:${two(date.getUTCDate())} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
}

/**
 * One tag value the way imgix prints it: numbers and strings as they are, dates in EXIF form,
 * short undefined-type values as text when printable (`ExifVersion` "0230") or as their bytes
 * separated by spaces (`ComponentsConfiguration` "1 2 3 0").
 */
function jsonValue(value: unknown): JsonValue | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string') return value.replace(/\0+$/, '');
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : exifDate(value);
  if (Buffer.isBuffer(value)) {
    if (value.length > MAX_BLOB_BYTES) return undefined;
    const printable = value.every((byte) => byte >= 0x20 && byte < 0x7f);
    return printable ? value.toString('latin1') : [...value].join(' ');
  }
  if (Array.isArray(value)) {
    const items = value.map(jsonValue).filter((item) => item !== undefined);
    return items.length === value.length ? items : undefined;
  }
  return undefined;
}

function group(tags: Record<string, unknown> | null | undefined): MetadataGroup | undefined {
  if (!tags) return undefined;
  const result: MetadataGroup = {};
  for (const [name, value] of Object.entries(tags)) {
    // exif-reader names unknown tags by number; imgix lists only named ones.
    if (/^\d+$/.test(name) || POINTER_TAGS.has(name)) continue;
    const converted = jsonValue(value);
    if (converted !== undefined) result[name] = converted;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/** Degrees, minutes and seconds (EXIF rationals) as decimal degrees, as ImageIO reports them. */
function decimalDegrees(value: unknown): number | undefined {
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const [degrees, minutes, seconds] = value as unknown[];
  if (
    ![degrees, minutes, seconds].every((part) => typeof part === 'number' && Number.isFinite(part))
  ) {
    return undefined;
  }
  return (
    Math.round(
      ((degrees as number) + (minutes as number) / 60 + (seconds as number) / 3600) * 1e6,
    ) / 1e6
  );
}

/** EXIF GPS time (hours, minutes, seconds) as ImageIO's `HH:MM:SS.ss`. */
function gpsTime(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  const [hours, minutes, seconds] = value as unknown[];
  if (![hours, minutes, seconds].every((part) => typeof part === 'number')) return undefined;
  const two = (part: number) => String(Math.floor(part)).padStart(2, '0');
  return `${two(hours as number)}:${two(minutes as number)}:${(seconds as number).toFixed(2).padStart(5, '0')}`;
}

/**
 * The GPS IFD under ImageIO's names (imgix's `GPS` group): tags without their `GPS` prefix,
 * latitude and longitude in decimal degrees, the time as text.
 */
function gpsGroup(tags: Record<string, unknown> | null | undefined): MetadataGroup | undefined {
  if (!tags) return undefined;
  const result: MetadataGroup = {};
  for (const [name, value] of Object.entries(tags)) {
    if (/^\d+$/.test(name)) continue;
    const key = name.replace(/^GPS/, '');
    const converted =
      key === 'Latitude' || key === 'Longitude' || key === 'DestLatitude' || key === 'DestLongitude'
        ? decimalDegrees(value)
        : key === 'TimeStamp'
          ? gpsTime(value)
          : key === 'VersionID'
            ? undefined
            : jsonValue(value);
    if (converted !== undefined) result[key] = converted;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * The `TIFF` (IFD0), `Exif` (Exif IFD) and `GPS` groups of an EXIF block, or nothing when it
 * does not parse: metadata is a courtesy and never fails the answer.
 */
export function exifGroups(exif: Buffer | undefined): {
  TIFF?: MetadataGroup;
  Exif?: MetadataGroup;
  GPS?: MetadataGroup;
} {
  if (exif === undefined) return {};
  let parsed: ReturnType<typeof exifReader>;
  try {
    parsed = exifReader(exif);
  } catch {
    return {};
  }
  const tiff = group(parsed.Image);
  const photo = group(parsed.Photo);
  const gps = gpsGroup(parsed.GPSInfo);
  return { ...(tiff && { TIFF: tiff }), ...(photo && { Exif: photo }), ...(gps && { GPS: gps }) };
}
