import { vi } from 'vitest';

// jsdom's XMLHttpRequest would really send the upload, and fetch mocks do not see it: tests of
// the upload replace it with this fake, which records each request and answers when told.

export interface UploadReply {
  status: number;
  body?: unknown;
  /** A body that is not JSON (a proxy's error page). */
  text?: string;
}

type ProgressHandler =
  ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;

export class FakeUploadRequest {
  method = '';
  url = '';
  readonly headers = new Map<string, string>();
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  readonly upload: { onprogress: ProgressHandler } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor(private readonly onSend: (request: FakeUploadRequest) => void) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }

  send(body: FormData) {
    this.body = body;
    this.onSend(this);
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The multipart fields in the order they were appended. */
  fieldNames(): string[] {
    return this.body ? [...this.body.keys()] : [];
  }

  file(): File | null {
    const value = this.body?.get('file');
    return value instanceof File ? value : null;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }

  respond({ status, body, text }: UploadReply) {
    this.status = status;
    this.responseText = text ?? (body === undefined ? '' : JSON.stringify(body));
    this.onload?.();
  }

  failNetwork() {
    this.onerror?.();
  }
}

/** A created-file answer as the server sends it. */
export function fileCreated(path: string, size: number, contentType = 'image/png'): UploadReply {
  return {
    status: 201,
    body: {
      data: { type: 'files', id: path, attributes: { path, size, content_type: contentType } },
      jsonapi: { version: '1.0' },
    },
  };
}

/** A JSON:API error answer. */
export function uploadError(status: number, detail: string, code = 'error'): UploadReply {
  return {
    status,
    body: { errors: [{ status: String(status), code, title: 'Error', detail }] },
  };
}

/**
 * Replaces XMLHttpRequest. With `answer`, each request is answered on the next tick (after a
 * half-way progress event); without, the test answers through `requests`.
 */
export function mockUploads(answer?: (request: FakeUploadRequest) => UploadReply) {
  const requests: FakeUploadRequest[] = [];
  const onSend = (request: FakeUploadRequest) => {
    requests.push(request);
    if (!answer) return;
    setTimeout(() => {
      if (request.aborted) return;
      const size = request.file()?.size ?? 0;
      request.progress(Math.floor(size / 2), size);
      request.respond(answer(request));
    }, 0);
  };
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeUploadRequest {
      constructor() {
        super(onSend);
      }
    },
  );
  return { requests };
}
