import type { PaginationMeta, ResourceObject } from '@darkroom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';
import { paginationOf } from './users.ts';

/** One purge of the account's history (`GET /purges`), as the Purge screen lists it. */
export interface Purge {
  id: string;
  source_id: string;
  source_name: string;
  kind: 'url' | 'prefix';
  /** The delivery URL of a URL purge. */
  url?: string;
  /** The path prefix of a prefix purge, as typed (`/products/`). */
  prefix?: string;
  status: 'done' | 'failed';
  error: string | null;
  requested_by: string | null;
  requested_by_name: string | null;
  /** Milliseconds since the epoch. */
  date_created: number;
}

type PurgeResource = ResourceObject<'purges', Omit<Purge, 'id'>>;

/** What `POST /purges` takes: one image by its URL, or every path of a source under a prefix. */
export type PurgeRequest = { url: string } | { source_id: string; prefix: string };

export interface PurgesPage {
  purges: Purge[];
  pagination: PaginationMeta;
}

export const PURGES_PAGE_SIZE = 20;

export const purgeKeys = {
  all: ['purges'] as const,
  list: (page: number) => [...purgeKeys.all, 'list', page] as const,
};

function toPurge(resource: PurgeResource): Purge {
  return { id: resource.id, ...resource.attributes };
}

/** `GET /purges`: the account's purges, newest first. */
async function getPurges(page: number, signal?: AbortSignal): Promise<PurgesPage> {
  const document = await apiFetch<ApiDocument<PurgeResource[]>>('/purges', {
    query: { 'page[number]': page, 'page[size]': PURGES_PAGE_SIZE },
    signal,
  });
  return {
    purges: document.data.map(toPurge),
    pagination: paginationOf(document, page, PURGES_PAGE_SIZE),
  };
}

/** `POST /purges`: drops the cached renders in every server process and at the CDN. */
export async function requestPurge(request: PurgeRequest): Promise<Purge> {
  const document = await apiFetch<ApiDocument<PurgeResource>>('/purges', {
    method: 'POST',
    body: resourceDocument('purges', request),
  });
  return toPurge(document.data);
}

export function usePurgesQuery(page: number) {
  return useQuery({
    queryKey: purgeKeys.list(page),
    queryFn: ({ signal }) => getPurges(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePurgeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPurge,
    onSettled: () => queryClient.invalidateQueries({ queryKey: purgeKeys.all }),
  });
}
