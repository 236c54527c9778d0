import type { PermissionGroup } from '@darkroom/core';
import type { Config } from '../config.ts';
import type { InternalMarkers } from '../crypto/internal-marker.ts';
import type { SecretBox } from '../crypto/secrets.ts';
import type { Database } from '../db/database.ts';
import type { AiServices } from '../ai/ai-services.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { ObjectStore } from '../storage/object-store/index.ts';
import type { SourceOrigins } from '../storage/source-origins.ts';
import type { SourceSchemas } from './source-schemas.ts';
import type { GenerativeVideos } from '../ai/generative/index.ts';
import type { Mailer } from '../mail/mailer.ts';

/** The signed-in caller of a request, or null when anonymous. */
export interface SessionAuth {
  sessionId: string;
  /** The user the request acts as (the impersonated user while impersonating). */
  user: {
    id: string;
    name: string;
    email: string;
    accountId: string;
    admin: boolean;
    /** The permission groups the user holds (platform spec section 5). */
    permissions: readonly PermissionGroup[];
  };
  /** An administrator's own session: may use the /api/v4/admin routes. */
  admin: boolean;
  /** The administrator behind an impersonation session. */
  impersonator: { id: string; name: string } | null;
  /** The account API key the request came with, instead of a session (`sessionId` is its id). */
  apiKey: { id: string; name: string } | null;
}

export interface AppContext {
  config: Readonly<Config>;
  database: Database;
  /** Encrypts storage secrets and secure URL tokens at rest. */
  secrets: SecretBox;
  /** Mints the marker of the dashboard's own delivery requests (api/internal-marker.ts). */
  internalMarkers: InternalMarkers;
  /** How stored sources' origins, and configurations being checked, are reached. */
  origins: SourceOrigins;
  /** The files Darkroom creates (managed storage, generated videos): OBJECT_STORE_URL or DATA_DIR. */
  objectStore: ObjectStore;
  /** The zod schemas of sources, built once for this delivery domain. */
  sourceSchemas: SourceSchemas;
  jobs: JobRunner;
  /** The premium (AI) render jobs, run by runners of their own (AI_CONCURRENCY). */
  aiJobs: JobRunner;
  /** The video render jobs, run by runners of their own (VIDEO_CONCURRENCY). */
  videoJobs: JobRunner;
  ai: AiServices;
  /** Generative image to video (the unavailable provider without GENERATIVE_API_URL). */
  generativeVideos: GenerativeVideos;
  /** Invitation and password-reset emails (SMTP_URL), or their links in the log without it. */
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    darkroom: AppContext;
  }
  interface FastifyRequest {
    auth: SessionAuth | null;
  }
}
