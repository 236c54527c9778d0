import { SOURCE_MESSAGES } from '@darkroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  acceptPatches,
  openSourcePage,
  sourceIds,
  sourceResource,
} from '../sources.test-fixtures.ts';

// The route's chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./source-config-page.tsx');
}, 30000);

// jsdom lays nothing out; the dropdown's virtual list needs the height a browser would give it.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(320);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const NEW_SECRET = 'wJalrXUtnFEMIK7MDENGbPxRfiCYNEWSECRET1';

const azureSource = () =>
  sourceResource(sourceIds.first, 'photos', {
    production: {
      type: 'azure',
      aws_access_key: undefined,
      aws_secret_key: undefined,
      aws_bucket: undefined,
      aws_prefix: undefined,
      azure_account: 'acmeimages',
      azure_service_type: 'blob',
      azure_bucket: 'media',
      azure_sas_string: '••••3D%3D',
      azure_prefix: null,
    },
  });

describe('CredentialsSection', { timeout: 30000 }, () => {
  it('keeps secrets masked and sends only the replaced one', async () => {
    const source = sourceResource(sourceIds.first, 'photos');
    const { api, user } = await openSourcePage(source);
    const sent = acceptPatches(api, source);
    const storage = screen.getByRole('region', { name: 'Storage: Amazon S3' });
    const secret = within(storage).getByLabelText('Secret Access Key');
    const save = within(storage).getByRole('button', { name: 'Save credentials' });

    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAttribute('placeholder', '••••OKEY');
    expect(save).toBeDisabled();

    await user.type(secret, 'short');
    expect(secret).toHaveAccessibleDescription(
      expect.stringContaining(SOURCE_MESSAGES.invalidSecretKey),
    );
    expect(save).toBeDisabled();
    await user.clear(secret);
    await user.click(secret);
    await user.paste(NEW_SECRET);
    await user.click(save);

    expect(await screen.findByText('Credentials saved')).toBeInTheDocument();
    expect(sent).toEqual([{ production: { aws_secret_key: NEW_SECRET } }]);
    const after = within(screen.getByRole('region', { name: 'Storage: Amazon S3' }));
    await waitFor(() =>
      expect(after.getByLabelText('Secret Access Key')).toHaveAttribute('placeholder', '••••RET1'),
    );
    expect(after.getByLabelText('Secret Access Key')).toHaveValue('');
  });

  it('changes a bucket name under the same rules as the wizard', async () => {
    const source = sourceResource(sourceIds.first, 'photos');
    const { api, user } = await openSourcePage(source);
    const sent = acceptPatches(api, source);
    const storage = screen.getByRole('region', { name: 'Storage: Amazon S3' });
    const bucket = within(storage).getByLabelText('Bucket Name');

    await user.clear(bucket);
    await user.type(bucket, 'my..images');
    expect(bucket).toHaveAttribute('aria-invalid', 'true');
    await user.clear(bucket);
    await user.type(bucket, 'product-images');
    await user.click(within(storage).getByRole('button', { name: 'Save credentials' }));
    expect(await screen.findByText('Credentials saved')).toBeInTheDocument();
    expect(sent).toEqual([{ production: { aws_bucket: 'product-images' } }]);
  });

  it('lets an Azure source switch between a blob container and a file share', async () => {
    const source = azureSource();
    const { api, user } = await openSourcePage(source);
    const sent = acceptPatches(api, source);
    const storage = screen.getByRole('region', { name: 'Storage: Microsoft Azure' });
    const service = within(storage).getByRole('combobox', { name: 'Storage Service' });
    expect(service).toHaveTextContent('Container (blob)');
    const save = within(storage).getByRole('button', { name: 'Save credentials' });
    expect(save).toBeDisabled();

    await user.click(service);
    await user.click(await screen.findByRole('option', { name: 'File Share' }));
    expect(service).toHaveTextContent('File Share');
    await user.click(save);

    expect(await screen.findByText('Credentials saved')).toBeInTheDocument();
    expect(sent).toEqual([{ production: { azure_service_type: 'file' } }]);
  });

  it('shows the credentials of the demo source read-only', async () => {
    await openSourcePage(sourceResource(sourceIds.demo, 'demo', { demo: true }));
    const storage = screen.getByRole('region', { name: 'Storage: Amazon S3' });
    expect(within(storage).getByLabelText('Bucket Name')).toBeDisabled();
    expect(within(storage).queryByRole('button', { name: 'Save credentials' })).toBeNull();
  });
});
