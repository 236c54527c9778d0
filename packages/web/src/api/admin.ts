import { DEFAULT_PAGE_SIZE, type AccountAttributes, type ResourceObject } from '@darkroom/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  getSession,
  startImpersonation,
  stopImpersonation,
  useSession,
  type Session,
} from '../app/session.ts';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';
import { deleteSession, toSession, type SessionResource } from './sessions.ts';
import {
  paginationOf,
  toUser,
  userKeys,
  type User,
  type UserResource,
  type UsersPage,
} from './users.ts';

export interface AdminUser extends User {
  /** The company of the user's account, from the included accounts resource. */
  company: string | null;
}

export interface AdminUsersPage extends Omit<UsersPage, 'users'> {
  users: AdminUser[];
}

export interface AdminUsersParams {
  page: number;
  pageSize?: number;
  /** Substring of the email address (`filter[email]`). */
  email?: string;
  accountId?: string;
}

// Admin lists live under the users key so that any users mutation refreshes them too.
const adminUserKeys = {
  all: [...userKeys.all, 'admin'] as const,
  lists: () => [...adminUserKeys.all, 'list'] as const,
  list: (params: AdminUsersParams) => [...adminUserKeys.lists(), params] as const,
};

function companiesById(included: ResourceObject[] | undefined): Map<string, string> {
  const companies = new Map<string, string>();
  for (const resource of included ?? []) {
    if (resource.type !== 'accounts') continue;
    const { company } = resource.attributes as Partial<AccountAttributes>;
    if (typeof company === 'string') companies.set(resource.id, company);
  }
  return companies;
}

/** `GET /admin/users?include=account`: users across every account. */
async function getAdminUsers(
  { page, pageSize = DEFAULT_PAGE_SIZE, email, accountId }: AdminUsersParams,
  signal?: AbortSignal,
): Promise<AdminUsersPage> {
  const document = await apiFetch<ApiDocument<UserResource[]>>('/users', {
    admin: true,
    query: {
      'page[number]': page,
      'page[size]': pageSize,
      sort: 'name',
      include: 'account',
      'filter[email]': email?.trim() || undefined,
      'filter[account_id]': accountId,
    },
    signal,
  });
  const companies = companiesById(document.included);
  return {
    users: document.data.map((resource) => {
      const user = toUser(resource);
      return { ...user, company: companies.get(user.account_id) ?? null };
    }),
    pagination: paginationOf(document, page, pageSize),
  };
}

/** `POST /admin/impersonations`: a session that acts as the user (admins cannot be impersonated). */
async function impersonate(userId: string): Promise<Session> {
  // This endpoint exists only under /admin, so the path names the prefix itself.
  const document = await apiFetch<ApiDocument<SessionResource>>('/admin/impersonations', {
    method: 'POST',
    body: resourceDocument('impersonations', { user_id: userId }),
  });
  return toSession(document.data);
}

export function useAdminUsersQuery(params: AdminUsersParams) {
  // Once the session switches to an impersonation, this page must not ask again as the user.
  const isAdmin = useSession()?.admin === true;
  return useQuery({
    queryKey: adminUserKeys.list(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    placeholderData: keepPreviousData,
    enabled: isAdmin,
  });
}

/** Impersonates a user: keeps the admin session aside and switches to the new one. */
export function useImpersonateMutation() {
  return useMutation({
    mutationFn: impersonate,
    onSuccess: (session) => startImpersonation(session),
  });
}

/**
 * Ends the impersonation session on the server and returns to the admin session kept aside.
 * Resolves with that admin session, or null when there was none (the browser is then signed out).
 */
async function endImpersonation(): Promise<Session | null> {
  const impersonation = getSession();
  if (impersonation?.impersonating) await deleteSession(impersonation);
  return stopImpersonation();
}

export function useEndImpersonationMutation() {
  return useMutation({ mutationFn: endImpersonation });
}
