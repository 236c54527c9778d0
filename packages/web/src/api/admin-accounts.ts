import { MAX_PAGE_SIZE, type AccountAttributes, type ResourceObject } from '@darkroom/core';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../app/session.ts';
import { apiFetch, type ApiDocument } from './client.ts';

type AccountResource = ResourceObject<'accounts', AccountAttributes>;

/** An account as an install administrator's choice of one: its id and company. */
export interface AccountChoice {
  id: string;
  company: string;
}

/**
 * `GET /admin/accounts`: the install's accounts by company, the first page of the largest size
 * the API gives (300), enough for a filter's list.
 */
async function getAccountChoices(signal?: AbortSignal): Promise<AccountChoice[]> {
  const document = await apiFetch<ApiDocument<AccountResource[]>>('/accounts', {
    admin: true,
    query: { 'page[number]': 1, 'page[size]': MAX_PAGE_SIZE, sort: 'company' },
    signal,
  });
  return document.data.map(({ id, attributes }) => ({ id, company: attributes.company }));
}

export function useAccountChoicesQuery() {
  // An impersonation session must not ask for every account.
  const isAdmin = useSession()?.admin === true;
  return useQuery({
    queryKey: ['accounts', 'admin', 'choices'] as const,
    queryFn: ({ signal }) => getAccountChoices(signal),
    enabled: isAdmin,
  });
}
