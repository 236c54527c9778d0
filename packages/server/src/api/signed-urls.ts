// `POST /sources/:id/signed-urls`: the dashboard's delivery URLs of a source that requires
// signed URLs (docs/ARCHITECTURE.md, "Signed URLs"), signed here so the token never leaves the
// server for those who may only browse the source's assets. A source that does not require
// signing answers its paths unsigned, so a client has one code path.
import {
  deliveryScheme,
  grantsPermission,
  parseDeliveryDomain,
  PERMISSION_GROUP_LABELS,
  signUrlPath,
} from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SourceRow } from '../db/schema.ts';
import { MAX_TARGET_LENGTH } from '../delivery/request-target.ts';
import { apiError } from '../errors.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { issueErrors } from './field-errors.ts';
import { describeRoutes } from './openapi/registry.ts';
import { requestAttributes } from './request-document.ts';
import { loadSource } from './sources.ts';

/** Paths signed by one request: a page of the asset grid with its 2x versions fits. */
export const MAX_SIGNED_PATHS = 200;

/** `&s=` and 32 hex digits: what signing adds to a path. */
const SIGNATURE_LENGTH = 35;

/** A signed path must still be a URL delivery takes (its 414 limit, imgix's 8,000). */
export const MAX_SIGNED_PATH_LENGTH = MAX_TARGET_LENGTH - SIGNATURE_LENGTH;

// The signature covers the path and query as the browser sends them, so a path must already be
// in that form: percent-encoded, printable ASCII without spaces, no fragment (RFC 3986 section
// 3.5: a fragment is never sent).
const SENDABLE = /^[\x21-\x7e]*$/;

const pathSchema = z
  .string({ error: 'Give each path as text, such as /photos/cat.jpg?w=400.' })
  .min(1, 'Give a path, such as /photos/cat.jpg?w=400.')
  .max(
    MAX_SIGNED_PATH_LENGTH,
    `A path may be at most ${MAX_SIGNED_PATH_LENGTH} characters long, so that it is still under delivery's limit of ${MAX_TARGET_LENGTH} once signed.`,
  )
  .refine((path) => path.startsWith('/'), 'Start the path with /, such as /photos/cat.jpg.')
  .refine(
    (path) => SENDABLE.test(path),
    'Percent-encode the path and query as a browser sends them: no spaces or characters outside ASCII.',
  )
  .refine((path) => !path.includes('#'), 'Leave out the fragment (#...): it is never sent.')
  .refine(
    (path) => !/[?&]s=/.test(path),
    'Leave out the s parameter: signing adds it as the last parameter.',
  );

export const signedUrlsAttributes = z.strictObject({
  paths: z
    .array(pathSchema, { error: 'Give paths as a list of delivery paths.' })
    .min(1, 'Give at least one path to sign.')
    .max(MAX_SIGNED_PATHS, `Sign at most ${MAX_SIGNED_PATHS} paths per request.`),
});

/**
 * The source's delivery address as asset URLs use it: its first subdomain on the delivery
 * domain, else its first custom domain; null when it has neither.
 */
function deliveryOrigin(source: SourceRow, deliveryDomain: string): string | null {
  const subdomain = source.settings.darkroom_subdomains[0];
  if (subdomain !== undefined) {
    const { host, port } = parseDeliveryDomain(deliveryDomain);
    return `${deliveryScheme(host)}://${subdomain}.${host}${port === null ? '' : `:${port}`}`;
  }
  const custom = source.settings.custom_domains[0];
  return custom === undefined ? null : `https://${custom}`;
}

/** Whether delivery refuses the source's unsigned URLs (delivery/delivery-source.ts). */
export function requiresSignedUrls(source: Pick<SourceRow, 'secure_url_enabled' | 'type'>) {
  return source.secure_url_enabled || source.type === 'webproxy';
}

export function signedUrlRoutes(app: FastifyInstance): void {
  const { secrets, config } = app.darkroom;
  describeRoutes(app, {
    'POST /sources/:id/signed-urls': {
      summary: 'Sign delivery URLs of a source',
      description: `Signs up to ${MAX_SIGNED_PATHS} delivery paths (path and query, percent-encoded as a browser sends them, without \`s\`) with the source's secure URL token, as imgix signs them: \`s\` is added as the last parameter. Each answer gives the \`path\` asked for, the \`signed_path\` and the full \`url\` on the source's first address (null when it has none). A source that does not require signed URLs answers its paths as they are, with \`signed\` false. The token itself is never answered. Web proxy sources sign any address given, so they need the Sources group.`,
      tag: 'Sources',
      body: { resource: 'signed_urls', attributes: signedUrlsAttributes },
      answer: { status: 200, resource: 'signed_urls' },
    },
  });

  app.post<{ Params: { id: string } }>('/sources/:id/signed-urls', async (request, reply) => {
    const auth = requireAuth(request);
    const source = await loadSource(app, request, 'account', request.params.id);
    const parsed = signedUrlsAttributes.safeParse(requestAttributes(request.body, 'signed_urls'));
    if (!parsed.success) throw issueErrors(parsed.error.issues);
    const signed = requiresSignedUrls(source);
    // A web proxy's path is any address on the internet: signing one lets the caller fetch it
    // through Darkroom, which only those who may read the token itself (Sources) could do.
    if (source.type === 'webproxy' && !grantsPermission(auth.user.permissions, 'sources')) {
      throw apiError(
        'forbidden',
        `Signing web proxy URLs needs the ${PERMISSION_GROUP_LABELS.sources} permission group. Ask an Account Admin of your account to grant it.`,
      );
    }
    const token = signed ? secrets.decrypt(source.secure_url_token) : null;
    const origin = deliveryOrigin(source, config.deliveryDomain);
    const urls = parsed.data.paths.map((path) => {
      const signedPath = token === null ? path : signUrlPath(token, path);
      return { path, signed_path: signedPath, url: origin === null ? null : origin + signedPath };
    });
    return sendData(reply, 200, {
      type: 'signed_urls',
      id: source.id,
      attributes: { signed, urls },
    });
  });
}
