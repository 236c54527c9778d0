// Just enough of RFC 5322 and MIME (RFC 2045, 2046) to read the messages Darkroom sends: the
// headers, and the plain-text and HTML parts of a multipart/alternative body, decoded.

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
}

function splitHeadersAndBody(raw: string): { headers: Map<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded lines (starting with white space) continue the header above (RFC 5322, 2.2.3).
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\n/g, '');
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined[index] ?? '';
    const hex = joined.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header, decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_match, _charset, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function boundaryOf(contentType: string): string | null {
  return /boundary="?([^";]+)"?/i.exec(contentType)?.[1] ?? null;
}

interface Part {
  contentType: string;
  content: string;
}

function partsOf(headers: Map<string, string>, body: string): Part[] {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = boundaryOf(contentType);
  if (!contentType.toLowerCase().startsWith('multipart/') || boundary === null) {
    return [{ contentType, content: decodeBody(body, headers.get('content-transfer-encoding')) }];
  }
  const sections = body.split(`--${boundary}`).slice(1);
  return sections
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => {
      const part = splitHeadersAndBody(section.replace(/^\n/, ''));
      return partsOf(part.headers, part.body.replace(/\n$/, ''));
    });
}

/** The headers and decoded text and HTML of a message as an SMTP server received it. */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHeadersAndBody(raw);
  const parts = partsOf(headers, body);
  const find = (type: string) =>
    parts.find((part) => part.contentType.toLowerCase().startsWith(type))?.content ?? '';
  return {
    headers,
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: find('text/plain'),
    html: find('text/html'),
  };
}

/** The first dashboard link of a message's plain text (every Darkroom email carries one). */
export function firstLink(text: string): string {
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (link === undefined) throw new Error(`No link in the message:\n${text}`);
  return link;
}
