import { JSONAPI_MEDIA_TYPE } from '@darkroom/core';
import { getSession } from '../app/session.ts';
import {
  ApiRequestError,
  apiUrl,
  failureMessage,
  handleUnauthorized,
  isErrorDocument,
  parseBodyText,
  type ApiDocument,
  type ApiErrorDocument,
} from './client.ts';

/** A file kept in a managed storage (darkroom_storage) source. */
export interface SourceFile {
  /** Where the file is served from, relative to the source's root. */
  path: string;
  size: number | null;
  content_type: string;
}

interface SourceFileResource {
  type: 'files';
  id: string;
  attributes: SourceFile;
}

interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadSourceFileOptions {
  /** Where to keep the file; the server uses the file's own name when left out. */
  path?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Said when the upload never got an answer (network down, connection reset). */
export const UPLOAD_NETWORK_ERROR =
  'The upload did not reach Darkroom. Check your connection and try again.';

// The same reading of a failure as the API client's (spec platform section 7).
function failureOf(status: number, body: unknown): ApiRequestError {
  const errors = isErrorDocument(body) ? body.errors : undefined;
  const data: ApiErrorDocument | null = errors ? { errors } : null;
  return new ApiRequestError({ ok: false, status, data, message: failureMessage(status, errors) });
}

/**
 * `POST /sources/{id}/files`: uploads one file to a managed storage source as multipart form
 * data. XMLHttpRequest rather than fetch, because only it reports upload progress. Resolves with
 * the stored file; rejects with ApiRequestError (status 0 without an answer), or with the abort
 * reason when `signal` aborts.
 */
export function uploadSourceFile(
  sourceId: string,
  file: File,
  { path, onProgress, signal }: UploadSourceFileOptions = {},
): Promise<SourceFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const session = getSession();
    const request = new XMLHttpRequest();
    // Account-scoped like the other source calls (api/sources.ts): the server has no admin route.
    request.open('POST', apiUrl(`/sources/${encodeURIComponent(sourceId)}/files`));
    request.setRequestHeader('Accept', JSONAPI_MEDIA_TYPE);
    if (session?.token) request.setRequestHeader('Authorization', `Bearer ${session.token}`);

    const onAbort = () => request.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    request.upload.onprogress = (event) => {
      onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
      });
    };
    request.onload = () => {
      settle();
      const body = parseBodyText(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve((body as ApiDocument<SourceFileResource>).data.attributes);
        return;
      }
      if (request.status === 401 && session) handleUnauthorized(session);
      reject(failureOf(request.status, body));
    };
    request.onerror = () => {
      settle();
      reject(
        new ApiRequestError({ ok: false, status: 0, data: null, message: UPLOAD_NETWORK_ERROR }),
      );
    };
    request.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError'));
    };

    const form = new FormData();
    // The server reads the path before the file arrives, so it must come first.
    if (path !== undefined) form.append('path', path);
    form.append('file', file, file.name);
    request.send(form);
  });
}
