import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf, errorReply, type ApiMock } from '../../../test/fetch-mock.ts';
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

const domains = () => screen.getByRole('region', { name: 'Domains' });

function answerAvailable(api: ApiMock) {
  api.on('POST /api/v4/validations/domains', (request) => {
    const attributes = (request.body as { data: { attributes: Record<string, string> } }).data
      .attributes;
    return {
      body: documentOf({
        type: 'domain_validations',
        id: Object.values(attributes)[0],
        attributes: { ...attributes, available: true },
      }),
    };
  });
}

describe('DomainsSection', { timeout: 30000 }, () => {
  it('adds a subdomain and a custom domain once available, then saves both lists', async () => {
    const source = sourceResource(sourceIds.first, 'photos');
    const { api, user } = await openSourcePage(source);
    answerAvailable(api);
    const sent = acceptPatches(api, source);
    const section = domains();
    const save = within(section).getByRole('button', { name: 'Save domains' });
    expect(save).toBeDisabled();

    await user.type(within(section).getByLabelText('New subdomain'), 'Photos-EU');
    await user.click(within(section).getAllByRole('button', { name: 'Add' })[0] as HTMLElement);
    expect(await within(section).findByText('https://photos-eu.img.example')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('New custom domain'), 'images.acme.com');
    await user.click(within(section).getAllByRole('button', { name: 'Add' })[1] as HTMLElement);
    expect(await within(section).findByText('images.acme.com')).toBeInTheDocument();

    expect(api.requestsTo('POST /api/v4/validations/domains').map((r) => r.body)).toEqual([
      { data: { type: 'domain_validations', attributes: { darkroom_subdomain: 'photos-eu' } } },
      { data: { type: 'domain_validations', attributes: { custom_domain: 'images.acme.com' } } },
    ]);
    await user.click(save);
    expect(await screen.findByText('Domains saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        production: {
          darkroom_subdomains: ['photos', 'photos-eu'],
          custom_domains: ['images.acme.com'],
        },
      },
    ]);
  });

  it('refuses a taken domain, a duplicate and a malformed one before anything is saved', async () => {
    const { api, user } = await openSourcePage();
    api.on(
      'POST /api/v4/validations/domains',
      errorReply(409, [{ code: 'conflict', detail: 'This domain is already in use by source x.' }]),
    );
    const section = domains();
    const input = within(section).getByLabelText('New subdomain');
    const add = within(section).getAllByRole('button', { name: 'Add' })[0] as HTMLElement;

    await user.type(input, 'taken');
    await user.click(add);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('This domain is already in use by another source.'),
    );

    await user.clear(input);
    await user.type(input, 'photos');
    await user.click(add);
    expect(input).toHaveAccessibleDescription('This domain already exists on this source.');

    await user.clear(input);
    await user.type(input, 'bad_name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(add).toBeDisabled();
    expect(api.requestsTo(`PATCH /api/v4/sources/${sourceIds.first}`)).toHaveLength(0);
  });

  it('removes a subdomain but never the last one', async () => {
    const source = sourceResource(sourceIds.first, 'photos', {
      production: { darkroom_subdomains: ['photos', 'pics'] },
    });
    const { api, user } = await openSourcePage(source);
    const sent = acceptPatches(api, source);
    const section = domains();

    await user.click(within(section).getByRole('button', { name: 'Remove pics' }));
    expect(within(section).getByRole('button', { name: 'Remove photos' })).toBeDisabled();
    await user.click(within(section).getByRole('button', { name: 'Save domains' }));
    expect(await screen.findByText('Domains saved')).toBeInTheDocument();
    expect(sent).toEqual([{ production: { darkroom_subdomains: ['photos'], custom_domains: [] } }]);
  });

  it("shows the server's refusal of the saved lists", async () => {
    const source = sourceResource(sourceIds.first, 'photos', {
      production: { darkroom_subdomains: ['photos', 'pics'] },
    });
    const { api, user } = await openSourcePage(source);
    api.on(
      `PATCH /api/v4/sources/${sourceIds.first}`,
      errorReply(422, [
        {
          code: 'validation_failed',
          detail: 'This domain is already in use by source y.',
          source: { pointer: '/data/attributes/production/darkroom_subdomains/0' },
        },
      ]),
    );
    const section = domains();
    await user.click(within(section).getByRole('button', { name: 'Remove pics' }));
    await user.click(within(section).getByRole('button', { name: 'Save domains' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This domain is already in use by another source.',
    );
  });
});
