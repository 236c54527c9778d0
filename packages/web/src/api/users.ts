import {
  DEFAULT_PAGE_SIZE,
  effectivePermissions,
  type newUserSchema,
  type PaginationMeta,
  type ResourceObject,
  type UserAttributes,
  type userPatchSchema,
} from '@darkroom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { getSession, setSession } from '../app/session.ts';
import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';
import { includedInvitation, type Invitation } from './invitation-resource.ts';

export type UserResource = ResourceObject<'users', UserAttributes>;
export type NewUserValues = z.output<typeof newUserSchema>;
/** What `PATCH /users/{id}` changes: the name, the permission groups, or both. */
export type UserChanges = z.output<typeof userPatchSchema>;

export interface User extends UserAttributes {
  id: string;
}

export interface UsersPage {
  users: User[];
  pagination: PaginationMeta;
}

export interface UsersListParams {
  page: number;
  pageSize?: number;
  sort?: string;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UsersListParams) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
};

export function toUser(resource: UserResource): User {
  return { id: resource.id, ...resource.attributes };
}

/** The pagination meta of a list answer; a server that sent none is read as one full page. */
export function paginationOf(
  document: ApiDocument<unknown[]>,
  fallbackPage: number,
  pageSize: number,
): PaginationMeta {
  return (
    document.meta?.pagination ?? {
      currentPage: fallbackPage,
      hasNextPage: false,
      hasPreviousPage: fallbackPage > 1,
      nextPage: null,
      pageSize,
      previousPage: fallbackPage > 1 ? fallbackPage - 1 : null,
      totalPages: fallbackPage,
      totalRecords: document.data.length,
    }
  );
}

/** `GET /users`: the caller's teammates, one page at a time. */
async function getUsers(
  { page, pageSize = DEFAULT_PAGE_SIZE, sort = 'name' }: UsersListParams,
  signal?: AbortSignal,
): Promise<UsersPage> {
  const document = await apiFetch<ApiDocument<UserResource[]>>('/users', {
    query: { 'page[number]': page, 'page[size]': pageSize, sort },
    signal,
  });
  return {
    users: document.data.map(toUser),
    pagination: paginationOf(document, page, pageSize),
  };
}

/** `GET /users/{id}`; admin sessions may read any account's user. */
async function getUser(id: string, signal?: AbortSignal): Promise<User> {
  const document = await apiFetch<ApiDocument<UserResource>>(`/users/${encodeURIComponent(id)}`, {
    admin: true,
    signal,
  });
  return toUser(document.data);
}

/** A teammate just added, with the invitation emailed to them (null when given a password). */
export interface AddedUser {
  user: User;
  invitation: Invitation | null;
}

/**
 * `POST /users`: adds a teammate to the caller's account. Without a password they are invited by
 * email; 502 `mail_not_sent` when the mail server refuses it (then nobody was added).
 */
async function createUser(values: NewUserValues): Promise<AddedUser> {
  const document = await apiFetch<ApiDocument<UserResource>>('/users', {
    method: 'POST',
    body: resourceDocument('users', values),
  });
  return { user: toUser(document.data), invitation: includedInvitation(document.included) };
}

/**
 * `PATCH /users/{id}`: renames a teammate or sets their permission groups. Refused with 409 when
 * it would take Account Admin from the account's last one, 422 for unknown groups.
 */
async function updateUser({ id, changes }: { id: string; changes: UserChanges }): Promise<User> {
  const path = `/users/${encodeURIComponent(id)}`;
  const document = await apiFetch<ApiDocument<UserResource>>(path, {
    method: 'PATCH',
    body: { data: { type: 'users', id, attributes: changes } },
  });
  return toUser(document.data);
}

/** The signed-in user's own new groups take effect on this screen at once (spec section 5). */
function adoptOwnPermissions(user: User): void {
  const session = getSession();
  if (session?.userId !== user.id) return;
  setSession({ ...session, permissions: effectivePermissions(user.permissions) });
}

/** `DELETE /users/{id}`: removes a user and revokes their sessions. */
async function deleteUser(id: string): Promise<void> {
  await apiFetch<null>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE', admin: true });
}

export function useUsersQuery(params: UsersListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useUserQuery(id: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getUser(id ?? '', signal),
    enabled: Boolean(id),
  });
}

export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      adoptOwnPermissions(user);
      queryClient.setQueryData(userKeys.detail(user.id), user);
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}

export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: userKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
}
