// Malformed uploads to `POST /api/v4/sources/{id}/files` for `npm run battery` and its tests:
// multipart bodies without a boundary, cut short, without their closing boundary (in the packet of
// the headers or after it), with enormous fields and headers, wrong field names, and uploads the
// client abandons or never finishes. Each is a raw request (raw-http.ts), written byte for byte.
import { JSONAPI_MEDIA_TYPE } from '@darkroom/core';
import { ANY_ANSWER, REFUSAL, oneOf, type StatusExpectation } from './expectations.ts';
import type { RawRequest } from './raw-http.ts';

export interface UploadTarget {
  /** The Host header (the server's own address, not a delivery host). */
  host: string;
  /** The upload path of a managed (darkroom_storage) source. */
  managedPath: string;
  /** The upload path of a source that is not managed storage (a web folder). */
  otherPath: string;
  token: string;
  /** ORIGIN_MAX_BYTES of the server. */
  maxBytes: number;
}

export interface UploadCase {
  label: string;
  request(target: UploadTarget): RawRequest;
  expect: StatusExpectation;
  /** For an upload that stops sending: the server closing the connection is a fine answer. */
  closeIsAnAnswer?: boolean;
  /** How long to wait for the server (a stalled upload waits longer). */
  deadlineMs: number;
}

const BOUNDARY = 'battery-boundary';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

function part(name: string, value: Buffer | string, filename?: string, extraHeaders = ''): Buffer {
  const disposition = filename
    ? `form-data; name="${name}"; filename="${filename}"`
    : `form-data; name="${name}"`;
  const type = filename ? 'Content-Type: application/octet-stream\r\n' : '';
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}${extraHeaders}\r\n`,
    ),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
}

const CLOSE = Buffer.from(`--${BOUNDARY}--\r\n`);
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

function upload(
  body: Buffer,
  options: Partial<RawRequest> & {
    contentType?: string | null;
    path?: 'managed' | 'other';
    signedIn?: boolean;
  } = {},
): (target: UploadTarget) => RawRequest {
  return (target) => {
    const headers: Record<string, string> = { host: target.host, accept: JSONAPI_MEDIA_TYPE };
    if (options.signedIn !== false) headers.authorization = `Bearer ${target.token}`;
    const contentType = options.contentType === undefined ? MULTIPART : options.contentType;
    if (contentType !== null) headers['content-type'] = contentType;
    return {
      method: 'POST',
      target: options.path === 'other' ? target.otherPath : target.managedPath,
      headers: { ...headers, ...options.headers },
      body,
      ...(options.contentLength === undefined ? {} : { contentLength: options.contentLength }),
      mode: options.mode ?? 'split',
    };
  };
}

const WELL_FORMED = Buffer.concat([
  part('path', 'battery/upload.png'),
  part('file', PNG, 'upload.png'),
  CLOSE,
]);
/** The file part, then the end of the body: its closing boundary never comes. */
const UNCLOSED = Buffer.concat([
  part('path', 'battery/unclosed.png'),
  part('file', PNG, 'unclosed.png'),
]);

const MINUTE = 60_000;

function refused(label: string, request: UploadCase['request']): UploadCase {
  return { label, request, expect: REFUSAL, deadlineMs: MINUTE };
}

export const UPLOAD_CASES: readonly UploadCase[] = [
  {
    label: 'a well-formed upload',
    request: upload(WELL_FORMED),
    expect: oneOf(201),
    deadlineMs: MINUTE,
  },
  refused(
    'multipart without a boundary parameter',
    upload(WELL_FORMED, { contentType: 'multipart/form-data' }),
  ),
  refused(
    'an empty boundary parameter',
    upload(WELL_FORMED, { contentType: 'multipart/form-data; boundary=' }),
  ),
  refused('the file part never meets its closing boundary', upload(UNCLOSED)),
  refused('the same, in the packet of the headers', upload(UNCLOSED, { mode: 'whole' })),
  refused(
    'only the closing boundary, in the packet of the headers',
    upload(CLOSE, { mode: 'whole' }),
  ),
  refused(
    'part headers cut short',
    upload(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filena`)),
  ),
  refused('an empty body', upload(Buffer.alloc(0))),
  refused(
    'a 1 MB path field',
    upload(Buffer.concat([part('path', 'a'.repeat(1_000_000)), part('file', PNG, 'x.png'), CLOSE])),
  ),
  {
    // Within the body's size limit, so taking it is no fault; only a 5xx would be.
    label: 'a 100 KB part header',
    request: upload(
      Buffer.concat([part('file', PNG, 'x.png', `X-Padding: ${'a'.repeat(100_000)}\r\n`), CLOSE]),
    ),
    expect: ANY_ANSWER,
    deadlineMs: MINUTE,
  },
  refused(
    'the file in a field named upload',
    upload(Buffer.concat([part('upload', PNG, 'x.png'), CLOSE])),
  ),
  refused('no file at all, only fields', upload(Buffer.concat([part('path', 'a.png'), CLOSE]))),
  refused(
    'a NUL byte in the path',
    upload(Buffer.concat([part('path', 'a\0b.png'), part('file', PNG, 'x.png'), CLOSE])),
  ),
  refused(
    'a path leaving the source',
    upload(Buffer.concat([part('path', '../../etc/passwd'), part('file', PNG, 'x.png'), CLOSE])),
  ),
  {
    // Refused, or stored under its last segment inside the source (RFC 7578 section 4.2: the
    // directory part of a file name is not to be used blindly); hostile-battery.test.ts checks
    // that nothing lands outside the source.
    label: 'a file name leaving the source',
    request: upload(Buffer.concat([part('file', PNG, '../../../etc/passwd'), CLOSE])),
    expect: ANY_ANSWER,
    deadlineMs: MINUTE,
  },
  refused(
    'JSON instead of multipart',
    upload(Buffer.from('{"data":{}}'), { contentType: JSONAPI_MEDIA_TYPE }),
  ),
  refused(
    'a chunked body with a bad chunk size',
    upload(Buffer.from('zz\r\nabc\r\n0\r\n\r\n'), {
      headers: { 'transfer-encoding': 'chunked' },
      contentLength: null,
    }),
  ),
  refused('signed out', upload(WELL_FORMED, { signedIn: false })),
  refused('to a source that is not managed storage', upload(WELL_FORMED, { path: 'other' })),
  {
    label: 'two files (one is allowed)',
    request: upload(
      Buffer.concat([part('file', PNG, 'one.png'), part('file', PNG, 'two.png'), CLOSE]),
    ),
    expect: ANY_ANSWER,
    deadlineMs: MINUTE,
  },
  {
    label: '100 fields (five are allowed)',
    request: upload(
      Buffer.concat([
        ...Array.from({ length: 100 }, (_, i) => part(`f${i}`, 'x')),
        part('file', PNG, 'x.png'),
        CLOSE,
      ]),
    ),
    expect: ANY_ANSWER,
    deadlineMs: MINUTE,
  },
  {
    label: 'a boundary of 200 characters',
    request: (target) => {
      const long = 'b'.repeat(200);
      const body = Buffer.from(WELL_FORMED.toString('latin1').replaceAll(BOUNDARY, long), 'latin1');
      return upload(body, { contentType: `multipart/form-data; boundary=${long}` })(target);
    },
    expect: ANY_ANSWER,
    deadlineMs: MINUTE,
  },
  {
    label: 'a file one byte over ORIGIN_MAX_BYTES',
    request: (target) =>
      upload(Buffer.concat([part('file', Buffer.alloc(target.maxBytes + 1, 1), 'big.png'), CLOSE]))(
        target,
      ),
    expect: oneOf(413),
    deadlineMs: MINUTE,
  },
  {
    label: 'Content-Length larger than the body, then the client hangs up',
    request: upload(UNCLOSED, { contentLength: 1_000_000, mode: 'abort' }),
    expect: ANY_ANSWER,
    deadlineMs: MINUTE,
  },
  {
    label: 'a never-ending upload: 10 MB announced, 64 KB sent, then nothing',
    request: upload(
      Buffer.concat([
        part('path', 'battery/stalled.png'),
        part('file', Buffer.alloc(65536, 1), 'x.png').subarray(0, -2),
      ]),
      {
        contentLength: 10_000_000,
        mode: 'stall',
      },
    ),
    expect: REFUSAL,
    closeIsAnAnswer: true,
    deadlineMs: 90_000,
  },
];
