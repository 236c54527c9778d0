/** JSON:API media type used by every request and response of API v4. */
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

/** The JSON:API version this API speaks. */
export const JSONAPI_VERSION = '1.0';

export type ServerStatus = 'healthy' | 'read_only' | 'tombstone';

/** How the caller is authenticated (spec platform section 3, Response envelope). */
export type AuthenticationMode = 'anonymous' | 'user' | 'admin' | 'impersonation';

export interface AuthenticatedUser {
  id: string;
  name: string;
  email: string;
}

export interface AuthenticationMeta {
  authorized: boolean;
  /** The session id the request was made with; null when anonymous. */
  clientId: string | null;
  mode: AuthenticationMode;
  modeTitle: string;
  /** The account the request acts for; null when anonymous. */
  tag: string | null;
  user: AuthenticatedUser | null;
}

export interface ServerMeta {
  commit: string;
  status: ServerStatus;
  version: string;
}

export interface PaginationMeta {
  currentPage: number;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  nextPage: number | null;
  pageSize: number;
  previousPage: number | null;
  totalPages: number;
  totalRecords: number;
}

export interface DocumentMeta {
  authentication: AuthenticationMeta;
  server: ServerMeta;
  pagination?: PaginationMeta;
}

export interface ResourceIdentifier<TType extends string = string> {
  type: TType;
  id: string;
}

export interface Relationship {
  data: ResourceIdentifier | ResourceIdentifier[] | null;
}

export interface ResourceObject<
  TType extends string = string,
  TAttributes extends object = Record<string, unknown>,
> extends ResourceIdentifier<TType> {
  attributes: TAttributes;
  relationships?: Record<string, Relationship>;
}

export interface ErrorSource {
  pointer?: string;
  parameter?: string;
}

export interface ErrorObject {
  status: string;
  code: string;
  title: string;
  detail: string;
  source?: ErrorSource;
}

export interface DataDocument<TData> {
  data: TData;
  included?: ResourceObject[];
  jsonapi: { version: string };
  meta: DocumentMeta;
}

export interface ErrorDocument {
  errors: ErrorObject[];
  jsonapi: { version: string };
  meta: DocumentMeta;
}

/** A request body carrying one resource to create or update. */
export interface RequestDocument<TType extends string, TAttributes extends object> {
  data: { type: TType; id?: string; attributes: TAttributes };
}
