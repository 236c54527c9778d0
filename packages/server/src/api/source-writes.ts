// Creating and changing a source: the one implementation behind POST and PATCH /sources of both
// /api/v4 and imgix's Management API (/api/v1), which only translate their documents into these
// attributes. Domain checks, the plan's allowance, events and deploy jobs all happen here.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { newSecureUrlToken } from '../crypto/secrets.ts';
import { checkSourceAllowance } from '../billing/limits.ts';
import { checkSecureUrlsIncluded } from '../billing/secure-url-gate.ts';
import type { DatabaseSchema, SourceRow, SourceSettings } from '../db/schema.ts';
import { SOURCE_DEPLOY_JOB } from '../jobs/kinds.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { insertEvent } from '../store/events.ts';
import { DomainTakenError } from '../store/source-domains.ts';
import { insertSource, updateSource, type SourceChanges } from '../store/sources.ts';
import {
  decryptCredentials,
  encryptCredentials,
  splitProduction,
} from '../store/source-configuration.ts';
import type { ApiError } from '../errors.ts';
import { apiError } from '../errors.ts';
import type { SessionAuth } from './context.ts';
import { domainAvailability, domainTakenDetail } from './domain-availability.ts';
import type { RouteScope } from './scope.ts';
import { parseSourcePatch } from './source-patch.ts';

const SOURCE_EVENTS = {
  created: 'Source Created',
  deployed: 'Source Deployed',
  creationErrored: 'Source Creation Errored',
} as const;

const PRODUCTION_POINTER = '/data/attributes/production';

/** Turns a domain held elsewhere into a 409 pointing at the list entry that names it. */
function domainConflict(
  error: DomainTakenError,
  settings: SourceSettings,
  callerAccountId: string | null,
): ApiError {
  const subdomainIndex = settings.darkroom_subdomains.indexOf(error.domain);
  const pointer =
    subdomainIndex >= 0
      ? `${PRODUCTION_POINTER}/darkroom_subdomains/${subdomainIndex}`
      : `${PRODUCTION_POINTER}/custom_domains/${Math.max(0, settings.custom_domains.indexOf(error.domain))}`;
  return apiError('conflict', domainTakenDetail(error.owner, callerAccountId), { pointer });
}

/** Reserved subdomains and domains held by other sources, checked before writing for clear errors. */
async function checkDomains(
  db: Kysely<DatabaseSchema>,
  settings: SourceSettings,
  callerAccountId: string | null,
  exceptSourceId: string | null,
): Promise<void> {
  const lists = [
    ['darkroom_subdomains', 'subdomain'],
    ['custom_domains', 'custom'],
  ] as const;
  for (const [list, kind] of lists) {
    for (const [index, domain] of settings[list].entries()) {
      const availability = await domainAvailability(
        db,
        domain,
        kind,
        callerAccountId,
        exceptSourceId,
      );
      if (!availability.available) {
        throw apiError('conflict', availability.detail, {
          pointer: `${PRODUCTION_POINTER}/${list}/${index}`,
        });
      }
    }
  }
}

/**
 * Creates a source of the caller's account from attributes core's newSourceSchema accepted (a
 * name and `production`), with its creation event and deploy job; 409 for a domain held already.
 */
export async function createSource(
  app: FastifyInstance,
  auth: SessionAuth,
  attributes: { name: string; production: Readonly<Record<string, unknown>> },
): Promise<SourceRow> {
  const { database, secrets, config } = app.darkroom;
  const { db } = database;
  const production = splitProduction(attributes.production);
  const accountId = auth.user.accountId;
  if (config.planLimits) await checkSourceAllowance(db, accountId);
  if (config.planLimits && production.secureUrlEnabled) {
    await checkSecureUrlsIncluded(db, accountId, `${PRODUCTION_POINTER}/secure_url_enabled`);
  }
  await checkDomains(db, production.settings, accountId, null);
  try {
    return await insertSource(
      db,
      {
        accountId,
        name: attributes.name,
        type: production.type,
        storageProvider: production.storageProvider,
        settings: production.settings,
        credentials: encryptCredentials(
          secrets,
          production.type,
          production.storageProvider,
          production.credentials,
        ),
        secureUrlEnabled: production.secureUrlEnabled,
        secureUrlToken: secrets.encrypt(newSecureUrlToken()),
        imageError: production.imageError,
        imageMissing: production.imageMissing,
      },
      async (trx, row) => {
        await insertEvent(trx, {
          accountId,
          userId: auth.user.id,
          name: SOURCE_EVENTS.created,
          properties: { source_id: row.id, source_type: row.storage_provider ?? row.type },
        });
        await enqueueJob(trx, SOURCE_DEPLOY_JOB, { sourceId: row.id, userId: auth.user.id });
      },
    );
  } catch (error) {
    if (error instanceof DomainTakenError) {
      throw domainConflict(error, production.settings, accountId);
    }
    throw error;
  }
}

/**
 * Applies PATCH attributes (as parseSourcePatch reads them: name, enabled, production and the
 * column settings) to a source; new credentials send it back to deploying with a deploy job.
 */
export async function patchSource(
  app: FastifyInstance,
  auth: SessionAuth,
  scope: RouteScope,
  source: SourceRow,
  attributes: Record<string, unknown>,
): Promise<SourceRow> {
  const { database, secrets, sourceSchemas } = app.darkroom;
  const { db } = database;
  const patch = parseSourcePatch(sourceSchemas, attributes, source.settings, {
    type: source.type,
    storageProvider: source.storage_provider,
    credentials: decryptCredentials(secrets, source),
  });
  const callerAccountId = scope === 'admin' ? null : auth.user.accountId;
  // Turning secure URLs on follows the plan; install admins (scope admin) act beyond plans, and
  // turning them off is always allowed.
  if (
    app.darkroom.config.planLimits &&
    scope === 'account' &&
    patch.secureUrlEnabled === true &&
    !source.secure_url_enabled
  ) {
    await checkSecureUrlsIncluded(
      db,
      source.account_id,
      attributes.secure_url_enabled === undefined
        ? `${PRODUCTION_POINTER}/secure_url_enabled`
        : '/data/attributes/secure_url_enabled',
    );
  }
  if (patch.settings !== undefined) {
    await checkDomains(db, patch.settings, callerAccountId, source.id);
  }
  const changes: SourceChanges = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.enabled !== undefined ? { enabled: patch.enabled } : {}),
    ...(patch.secureUrlEnabled !== undefined ? { secureUrlEnabled: patch.secureUrlEnabled } : {}),
    ...(patch.enableMultiframe !== undefined ? { enableMultiframe: patch.enableMultiframe } : {}),
    ...(patch.imageError !== undefined ? { imageError: patch.imageError } : {}),
    ...(patch.imageMissing !== undefined ? { imageMissing: patch.imageMissing } : {}),
    ...(patch.settings !== undefined ? { settings: patch.settings } : {}),
    ...(patch.credentials !== undefined
      ? {
          credentials: encryptCredentials(
            secrets,
            source.type,
            source.storage_provider,
            patch.credentials,
          ),
          redeploy: true,
        }
      : {}),
  };
  try {
    return await updateSource(db, source.id, changes, async (trx, row) => {
      if (patch.credentials === undefined) return;
      await enqueueJob(trx, SOURCE_DEPLOY_JOB, { sourceId: row.id, userId: auth.user.id });
    });
  } catch (error) {
    if (error instanceof DomainTakenError && patch.settings !== undefined) {
      throw domainConflict(error, patch.settings, callerAccountId);
    }
    throw error;
  }
}
