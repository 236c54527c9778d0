import { SOURCE_MESSAGES } from '@darkroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session.ts';
import { documentOf, errorReply, mockApi } from '../../../test/fetch-mock.ts';
import { ids, userResource, userSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  accountDocument,
  settingsDocument,
  sourceIds,
  sourceResource,
  sourcesList,
} from '../sources.test-fixtures.ts';

// jsdom has no canvas; the burst itself is covered by its constants.
vi.mock('./confetti.ts', () => ({ burstConfetti: vi.fn(() => Promise.resolve()) }));

beforeAll(async () => {
  await import('./new-source-page.tsx');
}, 30000);

const READ = { access: 'AKIAIOSFODNN7EXAMPLE', secret: 'wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY' };
const WRITE = {
  access: 'AKIAWRITEKEYEXAMPLE1',
  secret: 'wRiTeSeCrEtKeY0123456789abcdefghijklmnop',
};
const PAIRING = 'Upload credentials need both an access key and a secret key.';
const CHECK = 'POST /api/v4/validations/source/configurations';

type User = ReturnType<typeof renderApp>['user'];

async function openWizard() {
  setSession(userSession);
  const api = mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada', 'ada@example.com')),
    },
    [`GET /api/v4/accounts/${ids.account}`]: { body: accountDocument({ webproxy: false }) },
    'GET /api/v4/platform-settings': { body: settingsDocument },
    'GET /api/v4/sources': { body: sourcesList([]) },
    [CHECK]: {
      body: documentOf({
        type: 'source_configuration_validations',
        id: 'ok',
        attributes: { valid: true },
      }),
    },
    'POST /api/v4/validations/domains': (request) => {
      const attributes = (request.body as { data: { attributes: Record<string, string> } }).data
        .attributes;
      return {
        body: documentOf({
          type: 'domain_validations',
          id: attributes.darkroom_subdomain,
          attributes: { ...attributes, available: true },
        }),
      };
    },
    'POST /api/v4/events': { status: 202, body: { data: null } },
  });
  const view = renderApp('/sources/new');
  await screen.findByRole('heading', { name: 'How do you store your media?' });
  return { api, ...view };
}

async function toLinkStep(user: User, card: string) {
  await user.click(screen.getByRole('radio', { name: card }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: `Link your ${card} storage` });
}

async function paste(user: User, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function fillS3(user: User) {
  await paste(user, 'Access Key ID', READ.access);
  await paste(user, 'Secret Access Key', READ.secret);
  await paste(user, 'Bucket Name', 'my-images');
}

function group() {
  return screen.getByRole('button', { name: 'Upload credentials (optional)' });
}

function checkBodies(api: Awaited<ReturnType<typeof openWizard>>['api']) {
  return api
    .requestsTo(CHECK)
    .map((request) => (request.body as { data: { attributes: Record<string, unknown> } }).data);
}

describe("the wizard's upload credentials", { timeout: 30000 }, () => {
  it('is a closed, optional group that says what it is for', async () => {
    const { user } = await openWizard();
    await toLinkStep(user, 'Amazon S3');
    expect(group()).toHaveAttribute('aria-expanded', 'false');
    await user.click(group());
    expect(group()).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Upload credentials (optional)' });
    expect(region).toHaveTextContent('the asset manager uploads files into your own bucket');
    expect(region).toHaveTextContent('Without them the source is read-only');
    expect(within(region).getByLabelText('Upload secret key')).toHaveAttribute('type', 'password');
  });

  it('asks for both keys inline, without asking the server, and keeps every value', async () => {
    const { user, api } = await openWizard();
    await toLinkStep(user, 'Amazon S3');
    await fillS3(user);
    await user.click(group());
    await paste(user, 'Upload access key', WRITE.access);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Upload secret key')).toHaveAccessibleDescription(PAIRING),
    );
    expect(api.requestsTo(CHECK)).toHaveLength(0);
    expect(screen.getByLabelText('Upload access key')).toHaveValue(WRITE.access);
    expect(screen.getByLabelText('Bucket Name')).toHaveValue('my-images');
    expect(screen.getByRole('heading', { name: 'Link your Amazon S3 storage' })).toBeVisible();
  });

  it('shows the write check’s refusal on the step and keeps every value', async () => {
    const { user, api } = await openWizard();
    api.on(
      CHECK,
      errorReply(422, [
        {
          code: 'invalid_source_config',
          detail: SOURCE_MESSAGES.cannotVerifyWritePermissions,
          source: { pointer: '/data/attributes/upload_credentials/access_key' },
        },
      ]),
    );
    await toLinkStep(user, 'Amazon S3');
    await fillS3(user);
    await user.click(group());
    await paste(user, 'Upload access key', WRITE.access);
    await paste(user, 'Upload secret key', WRITE.secret);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const region = screen.getByRole('region', { name: 'Upload credentials (optional)' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      SOURCE_MESSAGES.cannotVerifyWritePermissions,
    );
    expect(checkBodies(api)[0]?.attributes.upload_credentials).toEqual({
      access_key: WRITE.access,
      secret_key: WRITE.secret,
    });
    expect(screen.getByLabelText('Upload access key')).toHaveValue(WRITE.access);
    expect(screen.getByLabelText('Upload secret key')).toHaveValue(WRITE.secret);
    expect(screen.getByLabelText('Access Key ID')).toHaveValue(READ.access);
    expect(screen.getByRole('heading', { name: 'Link your Amazon S3 storage' })).toBeVisible();
  });

  it('checks nothing more when left empty, and saves proven keys once the source exists', async () => {
    const { user, api } = await openWizard();
    const created = sourceResource(sourceIds.first, 'photos', { deployment_status: 'deploying' });
    api.on('POST /api/v4/sources', { status: 201, body: documentOf(created) });
    api.on(`GET /api/v4/sources/${sourceIds.first}`, { body: documentOf(created) });
    api.on(`PUT /api/v4/sources/${sourceIds.first}/upload-credentials`, {
      body: documentOf({
        type: 'upload_credentials',
        id: sourceIds.first,
        attributes: {
          enabled: true,
          access_key: '••••PLE1',
          secret_key: '••••mnop',
          sas_string: null,
        },
      }),
    });
    await toLinkStep(user, 'Amazon S3');
    await fillS3(user);
    await user.click(group());
    await paste(user, 'Upload access key', WRITE.access);
    await paste(user, 'Upload secret key', WRITE.secret);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose your subdomain' });

    const input = screen.getByLabelText('Subdomain');
    await user.clear(input);
    await user.type(input, 'photos');
    await screen.findByText('photos.img.example is available');
    await user.click(screen.getByRole('button', { name: 'Deploy Source' }));
    await screen.findByRole('dialog', { name: 'Your source has been created' });

    // The upload credentials are not part of the source's configuration.
    expect(JSON.stringify(api.requestsTo('POST /api/v4/sources')[0]?.body)).not.toContain(
      WRITE.secret,
    );
    expect(
      api.requestsTo(`PUT /api/v4/sources/${sourceIds.first}/upload-credentials`)[0]?.body,
    ).toEqual({
      data: {
        type: 'upload_credentials',
        id: sourceIds.first,
        attributes: { access_key: WRITE.access, secret_key: WRITE.secret },
      },
    });
  });

  it('sends no upload credentials when the group is left empty', async () => {
    const { user, api } = await openWizard();
    await toLinkStep(user, 'Amazon S3');
    await fillS3(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose your subdomain' });
    expect(checkBodies(api)[0]?.attributes).not.toHaveProperty('upload_credentials');
  });

  it('asks an Azure source for a SAS that may write and create', async () => {
    const { user, api } = await openWizard();
    await toLinkStep(user, 'Microsoft Azure');
    await user.click(group());
    const region = screen.getByRole('region', { name: 'Upload credentials (optional)' });
    expect(within(region).queryByLabelText('Upload access key')).toBeNull();
    await paste(user, 'Storage Account Name', 'myaccount');
    await paste(user, 'Container or File Share Name', 'images');
    // A read-only SAS (sp=rl) that passes every other SAS rule: fine to read, not to upload.
    const expiry = new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const readOnlySas = `sv=2024-11-04&ss=b&srt=sco&sp=rl&se=${expiry}&sig=abc%3D`;
    await paste(user, 'SAS Token', readOnlySas);
    await paste(user, 'Upload SAS token', readOnlySas);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Upload SAS token')).toHaveAccessibleDescription(
        /This SAS does not allow uploads/,
      ),
    );
    expect(api.requestsTo(CHECK)).toHaveLength(0);
    expect(screen.getByLabelText('Upload SAS token')).toHaveValue(readOnlySas);
  });

  it('is absent for a web folder, which Darkroom cannot upload to', async () => {
    const { user } = await openWizard();
    await user.click(screen.getByRole('radio', { name: 'Web Folder' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: /Link your Web Folder/ });
    expect(screen.queryByRole('button', { name: 'Upload credentials (optional)' })).toBeNull();
  });
});
