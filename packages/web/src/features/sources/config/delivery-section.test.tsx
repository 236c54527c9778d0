import { SOURCE_MESSAGES } from '@darkroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorReply } from '../../../test/fetch-mock.ts';
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

const region = (name: string) => screen.getByRole('region', { name });

describe('FallbacksSection', { timeout: 30000 }, () => {
  it('saves an error image with append_qs and clears the missing image', async () => {
    const source = sourceResource(sourceIds.first, 'photos');
    source.attributes.image_missing = {
      url: 'https://cdn.example.com/missing.png',
      append_qs: true,
    } as never;
    const { api, user } = await openSourcePage(source);
    const sent = acceptPatches(api, source);
    const fallbacks = region('Fallback images');

    expect(within(fallbacks).getByLabelText('Missing image URL')).toHaveValue(
      'https://cdn.example.com/missing.png',
    );
    await user.type(
      within(fallbacks).getByLabelText('Error image URL'),
      'https://cdn.example.com/error.png',
    );
    const appendSwitches = within(fallbacks).getAllByRole('switch', { name: /append_qs/ });
    expect(appendSwitches[1]).toBeChecked();
    await user.click(appendSwitches[0] as HTMLElement);
    await user.clear(within(fallbacks).getByLabelText('Missing image URL'));
    await user.click(within(fallbacks).getByRole('button', { name: 'Save fallback images' }));

    expect(await screen.findByText('Fallback images saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        image_error: { url: 'https://cdn.example.com/error.png', append_qs: true },
        image_missing: null,
      },
    ]);
  });

  it('refuses an address that is not a public image URL before saving', async () => {
    const { api, user } = await openSourcePage();
    const fallbacks = region('Fallback images');
    const input = within(fallbacks).getByLabelText('Error image URL');
    await user.type(input, 'not a url');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(within(fallbacks).getByRole('button', { name: 'Save fallback images' })).toBeDisabled();
    expect(api.requestsTo(`PATCH /api/v4/sources/${sourceIds.first}`)).toHaveLength(0);
  });

  it("puts the server's refusal under the image's field", async () => {
    const { api, user } = await openSourcePage();
    api.on(
      `PATCH /api/v4/sources/${sourceIds.first}`,
      errorReply(422, [
        {
          code: 'validation_failed',
          detail: 'The image could not be fetched.',
          source: { pointer: '/data/attributes/image_error/url' },
        },
      ]),
    );
    const fallbacks = region('Fallback images');
    const input = within(fallbacks).getByLabelText('Error image URL');
    await user.type(input, 'https://cdn.example.com/error.png');
    await user.click(within(fallbacks).getByRole('button', { name: 'Save fallback images' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(SOURCE_MESSAGES.invalidRemoteImage),
    );
  });
});

describe('CrossOriginSection', { timeout: 30000 }, () => {
  it('saves each switch on its own at once', async () => {
    const source = sourceResource(sourceIds.first, 'photos');
    const { api, user } = await openSourcePage(source);
    const sent = acceptPatches(api, source);
    const crossOrigin = region('Cross-origin access');

    const cors = within(crossOrigin).getByRole('switch', { name: /CORS headers/ });
    expect(cors).not.toBeChecked();
    await user.click(cors);
    expect(await screen.findByText('Setting turned on')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(region('Cross-origin access')).getByRole('switch', { name: /CORS headers/ }),
      ).toBeChecked(),
    );
    await user.click(
      within(region('Cross-origin access')).getByRole('switch', { name: /crossdomain\.xml/ }),
    );
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { production: { crossdomain_cors_enabled: true } },
      { production: { crossdomain_xml_enabled: true } },
    ]);
  });

  it('tells when a switch could not be saved and leaves it as it was', async () => {
    const { api, user } = await openSourcePage();
    api.on(`PATCH /api/v4/sources/${sourceIds.first}`, errorReply(500, [{ code: 'internal' }]));
    const cors = within(region('Cross-origin access')).getByRole('switch', {
      name: /CORS headers/,
    });
    await user.click(cors);
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    expect(cors).not.toBeChecked();
  });
});
