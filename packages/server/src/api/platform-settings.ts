import { CAPABILITY_NAMES, type CapabilityName } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { plansIncludingCapabilities } from '../billing/account-plans.ts';
import type { Config } from '../config.ts';
import { installedCapabilities, onPath, type InstallFacilities } from '../store/capabilities.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { describeRoutes } from './openapi/registry.ts';

export const NEEDS_GENERATIVE_PROVIDER = 'Needs a generative image provider (GENERATIVE_API_URL).';
export const NEEDS_FFMPEG = 'Needs ffmpeg on the server.';

/** One premium capability (editor spec section 3, 'Capabilities') as this install offers it. */
interface PremiumFeature {
  name: CapabilityName;
  available: boolean;
  /** What the install lacks, for the dashboard to say; null when available. */
  unavailable_reason: string | null;
  /** The plans that grant it, cheapest first: what the paywall names. */
  plans: string[];
}

/** Whether one operation that needs more than its capability can run on this install. */
interface OperationAvailability {
  available: boolean;
  unavailable_reason: string | null;
}

/**
 * Every capability with whether this install can run it and, when it cannot, what it lacks. The
 * reason is found by asking the store's rule again with the provider present, so the rule of
 * which capability needs what stays in one place.
 */
function premiumFeaturesOf(
  facilities: InstallFacilities,
  plans: ReadonlyMap<CapabilityName, string[]>,
): PremiumFeature[] {
  const installed = new Set(installedCapabilities(facilities));
  const withProvider = new Set(installedCapabilities({ ...facilities, generative: true }));
  return CAPABILITY_NAMES.map((name) => {
    const including = plans.get(name) ?? [];
    if (installed.has(name)) {
      return { name, available: true, unavailable_reason: null, plans: including };
    }
    const reason = withProvider.has(name) ? NEEDS_GENERATIVE_PROVIDER : NEEDS_FFMPEG;
    return { name, available: false, unavailable_reason: reason, plans: including };
  });
}

/**
 * Object replacement (`object-removal-prompt`) is granted with object_removal but painted by the
 * generative provider (core `requiredCapabilities`), so the object tool offers it only with one.
 */
function objectReplacementOf(facilities: InstallFacilities): OperationAvailability {
  return facilities.generative
    ? { available: true, unavailable_reason: null }
    : { available: false, unavailable_reason: NEEDS_GENERATIVE_PROVIDER };
}

function facilitiesOf(config: Pick<Config, 'generative'>): InstallFacilities {
  return { generative: config.generative !== null, ffmpeg: onPath('ffmpeg') };
}

/**
 * `platform-settings`: what the dashboard needs to build the same source schemas as the server,
 * to show `.{delivery domain}` after a subdomain, to say which premium features this install
 * can offer at all, and to tell an Account Admin when emailed links go to the server log.
 */
export function platformSettingsRoutes(app: FastifyInstance): void {
  const { config } = app.darkroom;
  describeRoutes(app, {
    'GET /platform-settings': {
      summary: "The install's settings",
      description:
        'The delivery domain and private-origin switch (to build the same source schemas as the server), the largest origin file, which premium features this install can offer and which plans include each, whether object replacement can run, and how invitation and password-reset emails go out: `mail_delivery` is `smtp`, or `log` when `SMTP_URL` is not set and their links are written to the server log.',
      tag: 'Platform settings',
      answer: { status: 200, resource: 'platform_settings' },
    },
  });
  app.get('/platform-settings', async (request, reply) => {
    requireAuth(request);
    const facilities = facilitiesOf(config);
    const plans = await plansIncludingCapabilities(app.darkroom.database.db);
    return sendData(reply, 200, {
      type: 'platform_settings',
      id: 'current',
      attributes: {
        delivery_domain: config.deliveryDomain,
        allow_private_origins: config.allowPrivateOrigins,
        max_origin_bytes: config.originMaxBytes,
        // Read per request: ffmpeg may be installed while the server runs.
        premium_features: premiumFeaturesOf(facilities, plans),
        object_replacement: objectReplacementOf(facilities),
        // Image to video is a motion MP4 without a provider; with one, the page can also ask
        // the provider for a generated video (api/video-generations.ts).
        generative_video: app.darkroom.generativeVideos.available,
        // The mailer's own answer, which each invitation also carries as its `delivery`.
        mail_delivery: app.darkroom.mailer.delivery,
      },
    });
  });
}
