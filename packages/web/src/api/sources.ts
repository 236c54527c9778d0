import {
  DEFAULT_PAGE_SIZE,
  type FallbackImage,
  type PaginationMeta,
  type SourceAttributes,
  type SourceResource,
} from '@darkroom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';
import { paginationOf } from './users.ts';

// The resource shapes are core's, shared with the server that produces them.
export {
  DEMO_SOURCE_ID,
  type FallbackImage,
  type SourceProductionAttributes as SourceProduction,
} from '@darkroom/core';

export interface Source extends SourceAttributes {
  id: string;
}

export interface SourcesPage {
  sources: Source[];
  pagination: PaginationMeta;
}

export interface SourcesListParams {
  page: number;
  pageSize?: number;
  sort?: string;
}

/** `POST /sources` attributes: the name is the first subdomain, production the whole configuration. */
interface NewSource {
  name: string;
  production: Record<string, unknown>;
}

/** `PATCH /sources/{id}` attributes: only what changed. */
export interface SourceChanges {
  name?: string;
  enabled?: boolean;
  secure_url_enabled?: boolean;
  image_error?: FallbackImage | null;
  image_missing?: FallbackImage | null;
  production?: Record<string, unknown>;
}

const sourceKeys = {
  all: ['sources'] as const,
  lists: () => [...sourceKeys.all, 'list'] as const,
  list: (params: SourcesListParams) => [...sourceKeys.lists(), params] as const,
  /** Whether the account has any source (spec platform section 2: the demo-source button). */
  hasAny: () => [...sourceKeys.all, 'has-any'] as const,
  details: () => [...sourceKeys.all, 'detail'] as const,
  detail: (id: string) => [...sourceKeys.details(), id] as const,
  secureUrlToken: (id: string) => [...sourceKeys.detail(id), 'secure-url-token'] as const,
};

function toSource(resource: SourceResource): Source {
  return { id: resource.id, ...resource.attributes };
}

/** `GET /sources`: the account's sources (the demo source is never listed). */
async function getSources(
  { page, pageSize = DEFAULT_PAGE_SIZE, sort = '-date_modified' }: SourcesListParams,
  signal?: AbortSignal,
): Promise<SourcesPage> {
  const document = await apiFetch<ApiDocument<SourceResource[]>>('/sources', {
    query: { 'page[number]': page, 'page[size]': pageSize, sort },
    signal,
  });
  return {
    sources: document.data.map(toSource),
    pagination: paginationOf(document, page, pageSize),
  };
}

/** True when the account has at least one source: one row, newest modified first (spec section 7). */
async function hasSources(signal?: AbortSignal): Promise<boolean> {
  const { sources } = await getSources({ page: 1, pageSize: 1 }, signal);
  return sources.length > 0;
}

/** `GET /sources/{id}`: one of the account's sources, or the demo source. */
async function getSource(id: string, signal?: AbortSignal): Promise<Source> {
  const document = await apiFetch<ApiDocument<SourceResource>>(
    `/sources/${encodeURIComponent(id)}`,
    { signal },
  );
  return toSource(document.data);
}

/** `POST /sources`: creates the source, which starts deploying. */
async function createSource(source: NewSource): Promise<Source> {
  const document = await apiFetch<ApiDocument<SourceResource>>('/sources', {
    method: 'POST',
    body: resourceDocument('sources', source),
  });
  return toSource(document.data);
}

/** `PATCH /sources/{id}`: saves the given changes; secret fields left out keep their value. */
async function updateSource(id: string, changes: SourceChanges): Promise<Source> {
  const document = await apiFetch<ApiDocument<SourceResource>>(
    `/sources/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: { data: { type: 'sources', id, attributes: changes } } },
  );
  return toSource(document.data);
}

interface SecureUrlTokenResource {
  type: 'secure_url_tokens';
  id: string;
  attributes: { token: string };
}

/** `GET /sources/{id}/secure-url-token`: the unmasked signing token, shown on request. */
export async function getSecureUrlToken(id: string, signal?: AbortSignal): Promise<string> {
  const document = await apiFetch<ApiDocument<SecureUrlTokenResource>>(
    `/sources/${encodeURIComponent(id)}/secure-url-token`,
    { signal },
  );
  return document.data.attributes.token;
}

/** `POST /sources/{id}/secure-url-token`: replaces the token; URLs signed with the old one stop working. */
async function regenerateSecureUrlToken(id: string): Promise<string> {
  const document = await apiFetch<ApiDocument<SecureUrlTokenResource>>(
    `/sources/${encodeURIComponent(id)}/secure-url-token`,
    { method: 'POST' },
  );
  return document.data.attributes.token;
}

/**
 * One page of the account's sources. `watchMs`: also refetch that often and when the window
 * regains focus (a screen waiting for something delivery records, like a first image served).
 */
export function useSourcesQuery(
  params: SourcesListParams,
  { watchMs = false }: { watchMs?: number | false } = {},
) {
  return useQuery({
    queryKey: sourceKeys.list(params),
    queryFn: ({ signal }) => getSources(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: watchMs,
    refetchOnWindowFocus: watchMs !== false,
  });
}

export function useHasSourcesQuery() {
  return useQuery({ queryKey: sourceKeys.hasAny(), queryFn: ({ signal }) => hasSources(signal) });
}

/** Polls every `pollMs` while `poll` says so (a deploying source), otherwise loads once. */
export function useSourceQuery(
  id: string,
  { poll }: { poll?: (source: Source) => number | false } = {},
) {
  return useQuery({
    queryKey: sourceKeys.detail(id),
    queryFn: ({ signal }) => getSource(id, signal),
    refetchInterval: poll ? (query) => (query.state.data ? poll(query.state.data) : false) : false,
  });
}

export function useCreateSourceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSource,
    onSuccess: (source) => {
      queryClient.setQueryData(sourceKeys.detail(source.id), source);
      void queryClient.invalidateQueries({ queryKey: sourceKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: sourceKeys.hasAny() });
    },
  });
}

export function useUpdateSourceMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: SourceChanges) => updateSource(id, changes),
    onSuccess: (source) => {
      queryClient.setQueryData(sourceKeys.detail(id), source);
      void queryClient.invalidateQueries({ queryKey: sourceKeys.lists() });
    },
  });
}

export function useRegenerateSecureUrlTokenMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateSecureUrlToken(id),
    onSuccess: (token) => {
      queryClient.setQueryData(sourceKeys.secureUrlToken(id), token);
      // The masked token in the source changes too.
      void queryClient.invalidateQueries({ queryKey: sourceKeys.detail(id), exact: true });
    },
  });
}
