import { SOURCE_MESSAGES } from '@darkroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf, errorReply, type ApiMock } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { mockSourcePageApi, sourceIds, sourceResource } from '../sources.test-fixtures.ts';

// The route's chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./source-config-page.tsx');
}, 30000);

const PATH = `/api/v4/sources/${sourceIds.first}/upload-credentials`;
const ACCESS_KEY = 'AKIADARKROOMTEST0001';
const SECRET_KEY = 'dArKrOoMtEsTsEcReTkEy0123456789abcdefghi';
const OFF = { enabled: false, access_key: null, secret_key: null, sas_string: null };

const credentialsDocument = (attributes: Record<string, unknown>) =>
  documentOf({ type: 'upload_credentials', id: sourceIds.first, attributes });

/** Answers each PUT as the server does (secrets masked) and returns the sent attributes. */
function acceptPuts(api: ApiMock) {
  const sent: Record<string, unknown>[] = [];
  api.on(`PUT ${PATH}`, (request) => {
    const attributes = (request.body as { data: { attributes: Record<string, string> } }).data
      .attributes;
    sent.push(attributes);
    return {
      body: credentialsDocument({
        enabled: true,
        access_key: `••••${(attributes.access_key ?? '').slice(-4)}`,
        secret_key: `••••${(attributes.secret_key ?? '').slice(-4)}`,
        sas_string: null,
      }),
    };
  });
  return sent;
}

async function openWith(stored: Record<string, unknown>, production: Record<string, unknown> = {}) {
  const source = sourceResource(sourceIds.first, 'photos', { production });
  const api = mockSourcePageApi(source);
  api.on(`GET ${PATH}`, () => ({ body: credentialsDocument(stored) }));
  const view = renderApp(`/sources/${source.id}`);
  const region = await screen.findByRole('region', { name: 'Upload credentials' });
  await within(region).findByText(stored.enabled ? 'Uploads on.' : 'Read-only.');
  return { api, ...view, region: within(region) };
}

describe('UploadCredentialsSection', { timeout: 30000 }, () => {
  it('says the source is read-only, asks for both keys, then saves them to be checked', async () => {
    const { api, user, region } = await openWith(OFF);
    const sent = acceptPuts(api);
    const save = region.getByRole('button', { name: 'Check and save' });
    expect(save).toBeDisabled();

    await user.type(region.getByLabelText('Upload access key'), ACCESS_KEY);
    await user.click(save);
    // Spec platform section 5: never one key without the other; nothing is sent.
    expect(region.getByLabelText('Upload secret key')).toHaveAccessibleDescription(
      'Upload credentials need both an access key and a secret key.',
    );
    expect(sent).toEqual([]);

    const secret = region.getByLabelText('Upload secret key');
    expect(secret).toHaveAttribute('type', 'password');
    await user.type(secret, SECRET_KEY);
    await user.click(save);
    expect(
      await screen.findByText(
        'Upload credentials saved: the asset manager can upload to this source',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ access_key: ACCESS_KEY, secret_key: SECRET_KEY }]);
    // The form starts over from the server's answer: masked, never the secret itself.
    expect(await region.findByText('Uploads on.')).toBeInTheDocument();
    expect(region.getByText(/secret key ••••fghi/)).toBeInTheDocument();
    expect(region.getByLabelText('Upload secret key')).toHaveValue('');
  });

  it('shows the write check’s refusal above the fields', async () => {
    const { api, user, region } = await openWith(OFF);
    api.on(`PUT ${PATH}`, () =>
      errorReply(422, [
        {
          code: 'invalid_source_config',
          detail: SOURCE_MESSAGES.cannotVerifyWritePermissions,
          source: { pointer: '/data/attributes/access_key' },
        },
      ]),
    );
    await user.type(region.getByLabelText('Upload access key'), ACCESS_KEY);
    await user.type(region.getByLabelText('Upload secret key'), SECRET_KEY);
    await user.click(region.getByRole('button', { name: 'Check and save' }));
    expect(await region.findByRole('alert')).toHaveTextContent(
      SOURCE_MESSAGES.cannotVerifyWritePermissions,
    );
    expect(region.getByText('Read-only.')).toBeInTheDocument();
  });

  it('removes saved credentials, making the source read-only again', async () => {
    const { api, user, region } = await openWith({
      enabled: true,
      access_key: '••••0001',
      secret_key: '••••fghi',
      sas_string: null,
    });
    let removed = 0;
    api.on(`DELETE ${PATH}`, () => {
      removed += 1;
      return { body: credentialsDocument(OFF) };
    });
    await user.click(region.getByRole('button', { name: 'Remove upload credentials' }));
    await waitFor(() => expect(region.getByText('Read-only.')).toBeInTheDocument());
    expect(removed).toBe(1);
  });

  it('asks an Azure source for a SAS that may write and create', async () => {
    const { user, region } = await openWith(OFF, {
      type: 'azure',
      aws_access_key: undefined,
      aws_secret_key: undefined,
      aws_bucket: undefined,
      aws_prefix: undefined,
      azure_account: 'photos',
      azure_service_type: 'blob',
      azure_bucket: 'images',
      azure_sas_string: '••••abcd',
    });
    expect(region.queryByLabelText('Upload access key')).not.toBeInTheDocument();
    const sas = region.getByLabelText('Upload SAS token');
    // A read-only SAS (sp=rl) that passes every other SAS rule.
    const expiry = new Date(Date.now() + 400 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await user.type(sas, `sv=2024-11-04&ss=b&srt=sco&sp=rl&se=${expiry}&sig=abc%3D`);
    await user.click(region.getByRole('button', { name: 'Check and save' }));
    expect(region.getByLabelText('Upload SAS token')).toHaveAccessibleDescription(
      'This SAS does not allow uploads. Generate one with the Write and Create permissions (sp must contain w and c).',
    );
  });

  it('is absent from web folder sources', async () => {
    const source = sourceResource(sourceIds.first, 'site', {
      production: { type: 'webfolder', webfolder_prefix: 'https://www.example.com/images/' },
    });
    mockSourcePageApi(source);
    renderApp(`/sources/${source.id}`);
    await screen.findByRole('heading', { name: 'site' });
    expect(screen.queryByRole('region', { name: 'Upload credentials' })).not.toBeInTheDocument();
  });
});
