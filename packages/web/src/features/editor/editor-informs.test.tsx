import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentOf } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { toast } from '../../ui/index.ts';
import {
  assetResource,
  assetSourceResource,
  mockDashboardApi,
  pageOf,
  sourceIds,
} from '../assets/assets.test-fixtures.ts';

// The editor keeps the user informed: the URL it builds is shown and kept whole, an enlargement
// is said, the sizes step with the arrow keys, the format can go back to the original's.

const asset = assetResource(sourceIds.first, '/pets/cat.jpg');
const deliveryUrl = 'http://photos.localhost:8080/pets/cat.jpg';
const editorAddress = `/assets/${sourceIds.first}/pets/cat.jpg/editing`;

function mockEditor() {
  const api = mockDashboardApi();
  api.on(`GET /api/v4/assets/${sourceIds.first}/pets/cat.jpg`, { body: documentOf(asset) });
  api.on('GET /api/v4/assets/sources/', {
    body: pageOf([assetSourceResource(sourceIds.first, 'Photos')], 1, 300, 1),
  });
  api.on(`GET ${deliveryUrl}`, {
    body: { PixelWidth: 1411, PixelHeight: 940, 'Content-Type': 'image/jpeg' },
  });
  api.on(`HEAD ${deliveryUrl}`, { status: 200 });
  return api;
}

async function openEditor(search: string) {
  const view = renderApp(`${editorAddress}${search}`);
  await screen.findByRole('heading', { level: 1, name: 'Image Editing' }, { timeout: 20000 });
  return view;
}

const searchOf = (router: ReturnType<typeof renderApp>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('the editor keeps the user informed', { timeout: 60000 }, () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.restoreAllMocks();
  });

  it('shows the URL it builds and keeps the parameters it does not manage', async () => {
    mockEditor();
    const { router, user } = await openEditor('?blur=20&w=300');
    const urlField = await screen.findByRole('textbox', { name: 'Rendering URL' });
    expect(urlField).toHaveValue(`${deliveryUrl}?w=300&blur=20`);
    const width = screen.getByRole('spinbutton', { name: 'Width' });
    await user.clear(width);
    await user.paste('400');
    await waitFor(() =>
      expect(searchOf(router)).toEqual({ w: '400', h: '267', fit: 'crop', blur: '20' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Rendering URL' })).toHaveValue(
        `${deliveryUrl}?w=400&h=267&fit=crop&blur=20`,
      ),
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'cat.jpg' })).toHaveAttribute(
        'src',
        `${deliveryUrl}?w=400&h=267&fit=crop&blur=20`,
      ),
    );
  });

  it('moves its controls when the URL is typed', async () => {
    mockEditor();
    const { router } = await openEditor('?w=300');
    const urlField = await screen.findByRole('textbox', { name: 'Rendering URL' });
    fireEvent.change(urlField, { target: { value: `${deliveryUrl}?w=640&sat=-40` } });
    await waitFor(() => expect(searchOf(router)).toEqual({ w: '640', sat: '-40' }));
    expect(screen.getByRole('spinbutton', { name: 'Width' })).toHaveValue('640');
    expect(screen.getByText('saturation: an integer (-100 to 100 suggested)')).toBeInTheDocument();
    fireEvent.change(urlField, { target: { value: 'http://elsewhere.test/x.jpg?w=1' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The address must stay ${deliveryUrl}`,
    );
    expect(searchOf(router)).toEqual({ w: '640', sat: '-40' });
  });

  it('steps width and height with the arrow keys, by 10 with Shift', async () => {
    mockEditor();
    const { router, user } = await openEditor('?w=300&h=200&fit=crop');
    // Free sides: with the lock on, each step taken would also move the height.
    await user.click(await screen.findByRole('checkbox', { name: 'Lock aspect ratio' }));
    const width = screen.getByRole('spinbutton', { name: 'Width' });
    await user.click(width);
    await user.keyboard('{ArrowUp}');
    expect(width).toHaveValue('301');
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(width).toHaveValue('311');
    await user.keyboard('{ArrowDown}');
    expect(width).toHaveValue('310');
    await waitFor(() => expect(searchOf(router)).toMatchObject({ w: '310' }));
    await user.click(screen.getByRole('spinbutton', { name: 'Height' }));
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(screen.getByRole('spinbutton', { name: 'Height' })).toHaveValue('190');
    await waitFor(() => expect(searchOf(router)).toMatchObject({ w: '310', h: '190' }));
  });

  it('says when the output is larger than the original, and keeps the original size', async () => {
    mockEditor();
    const { router, user } = await openEditor('?w=2000');
    const note = await screen.findByText(/is larger than the original/);
    expect(note).toHaveTextContent(
      'The output (2000 × 1332 px) is larger than the original (1411 × 940 px)',
    );
    await user.click(screen.getByRole('button', { name: 'Keep original size' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ w: '1411' }));
    expect(screen.queryByText(/is larger than the original/)).not.toBeInTheDocument();
  });

  it('says when the output is larger than the crop', async () => {
    mockEditor();
    const { router, user } = await openEditor('?rect=10,10,314,333&ar=314%3A333&w=512&h=543');
    expect(await screen.findByText(/is larger than the crop/)).toHaveTextContent(
      'The output (512 × 543 px) is larger than the crop (314 × 333 px)',
    );
    await user.click(screen.getByRole('button', { name: 'Keep original size' }));
    await waitFor(() =>
      expect(searchOf(router)).toEqual({
        rect: '10,10,314,333',
        ar: '314:333',
        w: '314',
        h: '333',
      }),
    );
  });

  it('sets the format back to the original, auto=format off with it', async () => {
    mockEditor();
    const { router, user } = await openEditor('?fm=png&auto=format%2Ccompress');
    const select = await screen.findByRole('combobox', { name: 'Output format' });
    expect(select).toHaveTextContent('png');
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Same as the original' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ auto: 'compress' }));
    expect(select).toHaveTextContent('Same as the original');
  });
});
