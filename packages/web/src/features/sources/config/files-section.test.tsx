import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fileCreated, mockUploads, uploadError } from '../../../api/source-files.fake-xhr.ts';
import { openSourcePage, sourceIds, sourceResource } from '../sources.test-fixtures.ts';

// The route's chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./source-config-page.tsx');
}, 30000);

const managedSource = () =>
  sourceResource(sourceIds.first, 'photos', {
    production: {
      type: 'darkroom_storage',
      aws_access_key: undefined,
      aws_secret_key: undefined,
      aws_bucket: undefined,
      aws_prefix: undefined,
    },
  });

const png = (name: string, bytes = 2000) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

const files = () => screen.getByRole('region', { name: 'Files' });
const uploads = () => within(files()).getByRole('list', { name: 'Uploads' });

describe('FilesSection', { timeout: 30000 }, () => {
  it('uploads several chosen files into a folder, with progress, then their delivery URLs', async () => {
    const { requests } = mockUploads();
    const { user } = await openSourcePage(managedSource(), { deliveryDomain: 'localhost:8080' });
    expect(files()).toHaveTextContent('Up to 50 MB per file');

    await user.type(within(files()).getByLabelText('Folder'), '/products/2025/');
    await user.upload(within(files()).getByLabelText('Files to upload'), [
      png('red shoe.png', 2000),
      png('blue.png', 500),
    ]);

    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((request) => request.body?.get('path'))).toEqual([
      'products/2025/red shoe.png',
      'products/2025/blue.png',
    ]);
    expect(requests[0]?.url).toBe(`/api/v4/sources/${sourceIds.first}/files`);
    expect(requests[0]?.fieldNames()).toEqual(['path', 'file']);

    act(() => requests[0]?.progress(500, 2000));
    expect(
      within(uploads()).getByRole('progressbar', { name: 'Uploading products/2025/red shoe.png' }),
    ).toHaveAttribute('aria-valuenow', '25');
    act(() => requests[0]?.respond(fileCreated('products/2025/red shoe.png', 2000)));
    act(() => requests[1]?.respond(fileCreated('products/2025/blue.png', 500)));

    const url = 'http://photos.localhost:8080/products/2025/red%20shoe.png';
    expect(await within(uploads()).findByText(url)).toBeInTheDocument();
    expect(uploads()).toHaveTextContent('Uploaded, 2 KB');
    expect(
      within(uploads()).getByRole('link', { name: 'Open products/2025/red shoe.png in a new tab' }),
    ).toHaveAttribute('href', url);
    expect(within(files()).getByText('2 of 2 uploaded')).toBeInTheDocument();

    await user.click(
      within(uploads()).getByRole('button', { name: 'Copy the URL of products/2025/red shoe.png' }),
    );
    expect(await navigator.clipboard.readText()).toBe(url);
  });

  it("shows each file's own result: the server's refusal, or a refusal before sending", async () => {
    const { requests } = mockUploads((request) =>
      request.file()?.name === 'huge.png'
        ? uploadError(413, 'Files can be at most 5000 bytes.', 'payload_too_large')
        : fileCreated(request.file()?.name ?? '', 100),
    );
    const { user } = await openSourcePage(managedSource(), { maxOriginBytes: 5000 });
    expect(files()).toHaveTextContent('Up to 5 KB per file');

    await user.upload(within(files()).getByLabelText('Files to upload'), [
      png('ok.png', 100),
      png('huge.png', 4000),
      png('too-big.png', 6000),
    ]);

    expect(
      await within(uploads()).findByText('Files can be at most 5000 bytes.'),
    ).toBeInTheDocument();
    expect(
      within(uploads()).getByText('This file is 6 KB; files can be at most 5 KB.'),
    ).toBeInTheDocument();
    expect(
      await within(uploads()).findByText('https://photos.img.example/ok.png'),
    ).toBeInTheDocument();
    expect(requests.map((request) => request.file()?.name)).toEqual(['ok.png', 'huge.png']);
    expect(within(files()).getByText('1 of 3 uploaded, 2 failed')).toBeInTheDocument();
  });

  it('takes files dropped on it, at the top level without a folder', async () => {
    const { requests } = mockUploads((request) => fileCreated(request.file()?.name ?? '', 2000));
    await openSourcePage(managedSource());
    const zone = within(files()).getByText(/Drag and drop files here/).parentElement as HTMLElement;

    fireEvent.dragEnter(zone, { dataTransfer: { files: [] } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(zone, { dataTransfer: { files: [png('dropped.png')] } });
    expect(zone).not.toHaveAttribute('data-dragging');

    expect(
      await within(uploads()).findByText('https://photos.img.example/dropped.png'),
    ).toBeInTheDocument();
    expect(requests[0]?.body?.get('path')).toBe('dropped.png');
  });

  it('opens the file picker from its button and holds uploads while the folder is invalid', async () => {
    mockUploads();
    const { user } = await openSourcePage(managedSource());
    const input = within(files()).getByLabelText('Files to upload') as HTMLInputElement;
    const openPicker = vi.spyOn(input, 'click');
    const choose = within(files()).getByRole('button', { name: 'Choose files' });

    choose.focus();
    await user.keyboard('{Enter}');
    expect(openPicker).toHaveBeenCalledTimes(1);

    await user.type(within(files()).getByLabelText('Folder'), 'products/../secret');
    expect(within(files()).getByLabelText('Folder')).toHaveAccessibleDescription(
      /no empty, "\." or "\.\." parts/,
    );
    expect(choose).toBeDisabled();
  });

  it('offers no uploads for the demo source or for sources with storage of their own', async () => {
    const demo = managedSource();
    demo.id = sourceIds.demo;
    demo.attributes.demo = true;
    const { unmount } = await openSourcePage(demo);
    expect(screen.queryByRole('region', { name: 'Files' })).toBeNull();
    unmount();

    await openSourcePage(sourceResource(sourceIds.second, 'bucket'));
    expect(screen.queryByRole('region', { name: 'Files' })).toBeNull();
  });
});
