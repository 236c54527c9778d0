import type { Kysely } from 'kysely';
import { newSecureUrlToken, type SecretBox } from '../crypto/secrets.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { internalAccount } from '../store/accounts.ts';
import { DomainTakenError } from '../store/source-domains.ts';
import { DEMO_SOURCE_ID, findSource, insertSource } from '../store/sources.ts';
import { isUniqueViolation } from '../store/errors.ts';

export { DEMO_SOURCE_ID };

/** The demo source's sample images, at its root under their own names (spec platform section 9). */
export const DEMO_IMAGES = [
  'astronaut.png',
  'chelsea.png',
  'coffee.png',
  'rocket.jpg',
  'hubble_deep_field.jpg',
  'retina.jpg',
  'camera.png',
  'coins.png',
  'ihc.png',
  'brick.png',
  'text.png',
] as const;

/**
 * Creates the demo source once (spec platform section 9): managed storage served from the
 * images shipped in packages/server/demo-images, subdomain `demo`, cache TTL one year, error
 * TTL 300 s, deployed. It belongs to the internal account, so no customer owns it; every
 * signed-in account may read it and nobody may edit it. Safe to call from every process at start.
 */
export async function ensureDemoSource(
  db: Kysely<DatabaseSchema>,
  secrets: SecretBox,
): Promise<void> {
  if (await findSource(db, DEMO_SOURCE_ID, null)) return;
  const account = await internalAccount(db);
  try {
    await insertSource(db, {
      id: DEMO_SOURCE_ID,
      accountId: account.id,
      name: 'demo',
      type: 'darkroom_storage',
      storageProvider: null,
      settings: {
        cache_ttl_behavior: 'default',
        cache_ttl_value: 31536000,
        cache_ttl_error: 300,
        crossdomain_cors_enabled: false,
        crossdomain_xml_enabled: false,
        custom_domains: [],
        default_params: {},
        darkroom_subdomains: ['demo'],
      },
      credentials: {},
      secureUrlEnabled: false,
      secureUrlToken: secrets.encrypt(newSecureUrlToken()),
      imageError: null,
      imageMissing: null,
      isDemo: true,
      deploymentStatus: 'deployed',
    });
  } catch (error) {
    // Another process seeded it first.
    if (error instanceof DomainTakenError || isUniqueViolation(error)) return;
    throw error;
  }
}
