import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type AccountAttributes,
  type AccountPlanSummary,
  type CapabilityName,
  type PaginationMeta,
  type ResourceObject,
} from '@darkroom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../app/session.ts';
import { apiFetch, type ApiDocument } from './client.ts';
import { paginationOf } from './users.ts';

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

/** An account as the install administrator's accounts screen shows it. */
export interface AdminAccount {
  id: string;
  company: string;
  /** The premium capabilities the account itself is granted (editor spec section 3). */
  capabilities: CapabilityName[];
  /** The plan the account is on and what it grants besides. */
  plan: AccountPlanSummary;
  date_created: number;
}

export interface AdminAccountsPage {
  accounts: AdminAccount[];
  pagination: PaginationMeta;
}

const adminAccountKeys = {
  all: ['accounts', 'admin'] as const,
  lists: () => [...adminAccountKeys.all, 'list'] as const,
  list: (page: number) => [...adminAccountKeys.lists(), page] as const,
};

function toAdminAccount({ id, attributes }: AccountResource): AdminAccount {
  return {
    id,
    company: attributes.company,
    capabilities: attributes.capabilities,
    // The admin answers always carry it; an older server's answer reads as the free plan.
    plan: attributes.plan ?? { name: 'Free', capabilities: [] },
    date_created: attributes.date_created,
  };
}

/** `GET /admin/accounts`: one page of the install's accounts by company, with their plans. */
async function getAdminAccounts(page: number, signal?: AbortSignal): Promise<AdminAccountsPage> {
  const document = await apiFetch<ApiDocument<AccountResource[]>>('/accounts', {
    admin: true,
    query: { 'page[number]': page, 'page[size]': DEFAULT_PAGE_SIZE, sort: 'company' },
    signal,
  });
  return {
    accounts: document.data.map(toAdminAccount),
    pagination: paginationOf(document, page, DEFAULT_PAGE_SIZE),
  };
}

/**
 * `PATCH /admin/accounts/{id}`: replaces the account's own capabilities (install admins only;
 * audited as account.capabilities_changed).
 */
async function grantCapabilities({
  id,
  capabilities,
}: {
  id: string;
  capabilities: readonly CapabilityName[];
}): Promise<AdminAccount> {
  // This endpoint exists only under /admin, so the path names the prefix itself.
  const document = await apiFetch<ApiDocument<AccountResource>>(
    `/admin/accounts/${encodeURIComponent(id)}`,
    {
      method: 'PATCH',
      body: { data: { type: 'accounts', id, attributes: { capabilities } } },
    },
  );
  return toAdminAccount(document.data);
}

export function useAdminAccountsQuery(page: number) {
  // Once the session switches to an impersonation, this page must not ask again as the user.
  const isAdmin = useSession()?.admin === true;
  return useQuery({
    queryKey: adminAccountKeys.list(page),
    queryFn: ({ signal }) => getAdminAccounts(page, signal),
    placeholderData: keepPreviousData,
    enabled: isAdmin,
  });
}

export function useGrantCapabilitiesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantCapabilities,
    // The accounts screen and the admin's account choices both read under this key.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAccountKeys.all }),
  });
}
