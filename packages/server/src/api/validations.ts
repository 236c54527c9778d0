import { customDomainSchema, subdomainSchema } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from './authentication.ts';
import { domainAvailability } from './domain-availability.ts';
import { sendData } from './documents.ts';
import { ApiError, apiError } from '../errors.ts';
import { fieldError, issueErrors } from './field-errors.ts';
import { originCheckFailure } from '../storage/check-failure.ts';
import { requestAttributes } from './request-document.ts';
import { describeRoutes } from './openapi/registry.ts';
import {
  checkWizardUploadCredentials,
  wizardUploadCredentialsBody,
} from './upload-credentials-check.ts';

const CONFIGURATION_POINTER = '/data/attributes/configuration';

/**
 * `validations` (spec platform sections 4, 5 and 7): the wizard checks a subdomain or custom
 * domain before deploying, and a storage configuration before leaving the link step.
 */
export function validationRoutes(app: FastifyInstance): void {
  const { config, database, sourceSchemas } = app.darkroom;
  const customDomain = customDomainSchema(config.deliveryDomain);
  describeRoutes(app, {
    'POST /validations/domains': {
      summary: 'Check a domain is free',
      description:
        'A Darkroom subdomain, or a custom domain: answers 200 when a new source may use it, 409 when it is taken or reserved.',
      tag: 'Sources',
      body: {
        resource: 'domain_validations',
        attributes: z.union([
          z.object({ darkroom_subdomain: subdomainSchema }),
          z.object({ custom_domain: customDomain }),
        ]),
      },
      answer: { status: 200, resource: 'domain_validations' },
      errors: [409],
    },
    'POST /validations/source/configurations': {
      summary: 'Check a storage configuration',
      description:
        "Checks the configuration's fields, then reaches the storage with its credentials; a failure names the field at fault. With `upload_credentials`, also writes and deletes a probe object with them, as saving them on a source does.",
      tag: 'Sources',
      body: {
        resource: 'source_configuration_validations',
        attributes: z.object({
          configuration: sourceSchemas.configuration,
          upload_credentials: wizardUploadCredentialsBody,
        }),
      },
      answer: { status: 200, resource: 'source_configuration_validations' },
    },
  });

  app.post('/validations/domains', async (request, reply) => {
    const auth = requireAuth(request);
    const attributes = requestAttributes(request.body, 'domain_validations');
    const kind = attributes.custom_domain !== undefined ? 'custom' : 'subdomain';
    const field = kind === 'custom' ? 'custom_domain' : 'darkroom_subdomain';
    const parsed = (kind === 'custom' ? customDomain : subdomainSchema).safeParse(
      attributes[field],
    );
    if (!parsed.success) throw issueErrors(parsed.error.issues, `/data/attributes/${field}`);
    const domain = parsed.data;
    const availability = await domainAvailability(database.db, domain, kind, auth.user.accountId);
    if (!availability.available) {
      throw apiError('conflict', availability.detail, { pointer: `/data/attributes/${field}` });
    }
    return sendData(reply, 200, {
      type: 'domain_validations',
      id: domain,
      attributes: { [field]: domain, available: true },
    });
  });

  app.post('/validations/source/configurations', async (request, reply) => {
    requireAuth(request);
    const attributes = requestAttributes(request.body, 'source_configuration_validations');
    const configuration = attributes.configuration;
    if (
      typeof configuration !== 'object' ||
      configuration === null ||
      Array.isArray(configuration)
    ) {
      throw fieldError(CONFIGURATION_POINTER, 'This field is required');
    }
    const parsed = sourceSchemas.configuration.safeParse(configuration);
    if (!parsed.success) throw issueErrors(parsed.error.issues, CONFIGURATION_POINTER);
    const { type } = parsed.data;
    // Web proxy sources have no origin of their own and managed storage nothing to reach.
    if (type !== 'webproxy' && type !== 'darkroom_storage') {
      try {
        const adapter = await app.darkroom.origins.adapterForConfiguration(parsed.data);
        await adapter.verify();
      } catch (error) {
        const failure = originCheckFailure(error, type);
        if (!(error instanceof ApiError)) request.log.info({ err: error }, 'storage check failed');
        throw apiError(failure.code, failure.detail, {
          pointer:
            failure.field === null
              ? CONFIGURATION_POINTER
              : `${CONFIGURATION_POINTER}/${failure.field}`,
        });
      }
    }
    await checkWizardUploadCredentials(app, request, parsed.data, attributes.upload_credentials);
    return sendData(reply, 200, {
      type: 'source_configuration_validations',
      id: 'ok',
      attributes: { valid: true },
    });
  });
}
