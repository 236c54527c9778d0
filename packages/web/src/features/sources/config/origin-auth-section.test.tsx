import { SOURCE_MESSAGES } from '@darkroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentOf, errorReply, type ApiMock } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  mockSourcePageApi,
  openSourcePage,
  sourceIds,
  sourceResource,
} from '../sources.test-fixtures.ts';

// The route's chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./source-config-page.tsx');
}, 30000);

const webFolder = () =>
  sourceResource(sourceIds.first, 'site', {
    production: {
      type: 'webfolder',
      aws_access_key: undefined,
      aws_secret_key: undefined,
      aws_bucket: undefined,
      aws_prefix: undefined,
      webfolder_prefix: 'https://www.example.com/images/',
    },
  });

const NONE = { basic_auth: null, custom_header: null, signing_key: null };
const AUTH_PATH = `/api/v4/sources/${sourceIds.first}/origin-authentication`;

function answerWith(api: ApiMock, attributes: Record<string, unknown>) {
  api.on(`GET ${AUTH_PATH}`, () => ({
    body: documentOf({ type: 'origin_authentications', id: sourceIds.first, attributes }),
  }));
}

/** Answers each PUT as the server does (secrets masked) and returns the sent attributes. */
function acceptPuts(api: ApiMock) {
  const sent: Record<string, unknown>[] = [];
  api.on(`PUT ${AUTH_PATH}`, (request) => {
    const attributes = (request.body as { data: { attributes: Record<string, unknown> } }).data
      .attributes;
    sent.push(attributes);
    const basic = attributes.basic_auth as { username: string; password?: string } | null;
    return {
      body: documentOf({
        type: 'origin_authentications',
        id: sourceIds.first,
        attributes: {
          basic_auth: basic
            ? { username: basic.username, password: `••••${(basic.password ?? '').slice(-4)}` }
            : null,
          custom_header: null,
          signing_key: null,
        },
      }),
    };
  });
  return sent;
}

async function openWith(attributes: Record<string, unknown>) {
  const source = webFolder();
  const api = mockSourcePageApi(source);
  answerWith(api, attributes);
  const view = renderApp(`/sources/${source.id}`);
  const region = await screen.findByRole('region', { name: 'Origin authentication' });
  await within(region).findByRole('switch', { name: 'Basic authentication' });
  return { api, ...view, region: within(region) };
}

describe('OriginAuthSection', { timeout: 30000 }, () => {
  it('turns on Basic authentication, asks for a test image and sends the settings to be checked', async () => {
    const { api, user, region } = await openWith(NONE);
    const sent = acceptPuts(api);
    const save = region.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(region.queryByLabelText('User name')).not.toBeInTheDocument();

    await user.click(region.getByRole('switch', { name: 'Basic authentication' }));
    await user.type(region.getByLabelText('User name'), 'darkroom');
    const password = region.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.type(password, 'origin-secret');
    await user.click(region.getByRole('button', { name: 'Check and save' }));

    // Nothing is sent without an image to check the settings against.
    expect(region.getByLabelText('Test image path')).toHaveAccessibleDescription(
      'Enter the path of an image in your web folder, so Darkroom can check these settings.',
    );
    expect(sent).toEqual([]);

    await user.type(region.getByLabelText('Test image path'), 'photos/cat.jpg');
    await user.click(region.getByRole('button', { name: 'Check and save' }));
    expect(await screen.findByText('Origin authentication saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        basic_auth: { username: 'darkroom', password: 'origin-secret' },
        custom_header: null,
        signing_key: null,
        test_path: 'photos/cat.jpg',
      },
    ]);
    // The form starts over from the server's answer: the password masked, never shown.
    await waitFor(() =>
      expect(region.getByLabelText('Password')).toHaveAttribute('placeholder', '••••cret'),
    );
    expect(region.getByLabelText('Password')).toHaveValue('');
  });

  it('shows the refusal when the origin does not accept the settings', async () => {
    const { api, user, region } = await openWith(NONE);
    api.on(`PUT ${AUTH_PATH}`, () =>
      errorReply(422, [
        {
          code: 'invalid_source_config',
          detail: SOURCE_MESSAGES.invalidRequestAuthentication,
          source: { pointer: '/data/attributes' },
        },
      ]),
    );
    await user.click(region.getByRole('switch', { name: 'Request signature' }));
    await user.type(region.getByLabelText('Signing key'), 'k'.repeat(33));
    await user.type(region.getByLabelText('Test image path'), 'cat.png');
    await user.click(region.getByRole('button', { name: 'Check and save' }));
    // Spec platform section 5: the signing key is 1 to 32 characters.
    expect(region.getByLabelText('Signing key')).toHaveAccessibleDescription(
      'The signing key can be at most 32 characters long.',
    );

    await user.clear(region.getByLabelText('Signing key'));
    await user.type(region.getByLabelText('Signing key'), 'wrong-key');
    await user.click(region.getByRole('button', { name: 'Check and save' }));
    expect(await region.findByRole('alert')).toHaveTextContent(
      SOURCE_MESSAGES.invalidRequestAuthentication,
    );
  });

  it('keeps stored secrets unless replaced, and turns a scheme off with null', async () => {
    const { api, user, region } = await openWith({
      basic_auth: { username: 'darkroom', password: '••••cret' },
      custom_header: { name: 'X-Origin-Token', value: '••••6789' },
      signing_key: null,
    });
    const sent = acceptPuts(api);
    expect(region.getByRole('switch', { name: 'Basic authentication' })).toBeChecked();
    expect(region.getByLabelText('Handshake value')).toHaveAttribute('placeholder', '••••6789');
    expect(region.getByLabelText('Header name')).toHaveValue('X-Origin-Token');

    await user.click(region.getByRole('switch', { name: 'Custom header' }));
    await user.type(region.getByLabelText('Test image path'), 'cat.png');
    await user.click(region.getByRole('button', { name: 'Check and save' }));
    await screen.findByText('Origin authentication saved');
    // The stored password is kept: it is not sent at all.
    expect(sent).toEqual([
      {
        basic_auth: { username: 'darkroom' },
        custom_header: null,
        signing_key: null,
        test_path: 'cat.png',
      },
    ]);
  });

  it('is only offered for web folders and web proxies', async () => {
    await openSourcePage(sourceResource(sourceIds.first, 'photos'));
    expect(screen.queryByRole('region', { name: 'Origin authentication' })).not.toBeInTheDocument();
  });
});
