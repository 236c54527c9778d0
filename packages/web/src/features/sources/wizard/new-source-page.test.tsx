import { INVALID_SOURCE_CONFIG_MESSAGE, GENERIC_FORM_ERROR, PROVIDER_CARDS } from '@darkroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../app/session.ts';
import { documentOf, errorReply, mockApi } from '../../../test/fetch-mock.ts';
import { ids, userResource, userSession } from '../../../test/fixtures.ts';
import { pathOf, renderApp } from '../../../test/render-app.tsx';
import {
  accountDocument,
  settingsDocument,
  sourceIds,
  sourceResource,
  sourcesList,
} from '../sources.test-fixtures.ts';

// jsdom has no canvas; the burst itself is covered by its constants.
vi.mock('./confetti.ts', () => ({ burstConfetti: vi.fn(() => Promise.resolve()) }));

// The route's chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./new-source-page.tsx');
}, 30000);

const S3 = {
  access: 'AKIAIOSFODNN7EXAMPLE',
  secret: 'wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY',
  bucket: 'my-images',
};

function mockWizardApi({ webproxy = false, sources = [] as unknown[] } = {}) {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada', 'ada@example.com')),
    },
    [`GET /api/v4/accounts/${ids.account}`]: { body: accountDocument({ webproxy }) },
    'GET /api/v4/platform-settings': { body: settingsDocument },
    'GET /api/v4/sources': { body: sourcesList(sources) },
    'POST /api/v4/validations/source/configurations': {
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
}

async function openWizard(options?: Parameters<typeof mockWizardApi>[0]) {
  const api = mockWizardApi(options);
  const view = renderApp('/sources/new');
  await screen.findByRole('heading', { name: 'How do you store your media?' });
  return { api, ...view };
}

function cards() {
  return within(screen.getByRole('radiogroup', { name: 'Storage type' })).getAllByRole('radio');
}

async function toS3LinkStep(user: Awaited<ReturnType<typeof openWizard>>['user']) {
  await user.click(screen.getByRole('radio', { name: 'Amazon S3' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Link your Amazon S3 storage' });
}

async function fillS3(user: Awaited<ReturnType<typeof openWizard>>['user']) {
  // Pasting keeps these long flows quick; each paste is one change the form validates.
  for (const [label, value] of [
    ['Access Key ID', S3.access],
    ['Secret Access Key', S3.secret],
    ['Bucket Name', S3.bucket],
  ] as const) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
}

function eventNames(api: Awaited<ReturnType<typeof openWizard>>['api']) {
  return api
    .requestsTo('POST /api/v4/events')
    .map((request) => (request.body as { data: { attributes: { name: string } } }).data.attributes);
}

describe('source wizard, step 1', { timeout: 30000 }, () => {
  it('shows the provider cards in order, without Web Proxy for accounts lacking access', async () => {
    const { user } = await openWizard();

    await waitFor(() => expect(cards()).toHaveLength(8));
    expect(cards().map((card) => card.textContent)).toEqual(
      PROVIDER_CARDS.filter((card) => card.id !== 'webproxy').map((card) => card.label),
    );
    for (const card of PROVIDER_CARDS.filter((item) => item.id !== 'webproxy')) {
      const docs = screen.getByRole('link', { name: `${card.label} docs` });
      expect(docs).toHaveAttribute('href', card.docsUrl);
      expect(docs).toHaveAttribute('target', '_blank');
      // Beside the radio, not in it: following the link neither selects the card nor renames it.
      expect(screen.getByRole('radio', { name: card.label })).not.toContainElement(docs);
    }
    await user.click(screen.getByRole('link', { name: 'Amazon S3 docs' }));
    expect(screen.getByRole('radio', { name: 'Amazon S3' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('button', { name: 'About Web Folder' })).toBeInTheDocument();
    const step = screen.getByRole('navigation', { name: 'Wizard progress' });
    expect(within(step).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(step).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');

    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Cloudflare R2' }));
    expect(continueButton).toBeEnabled();
  });

  it('offers Web Proxy to accounts with web-proxy access', async () => {
    await openWizard({ webproxy: true });
    await waitFor(() => expect(cards()).toHaveLength(9));
    expect(cards().at(-1)).toHaveTextContent('Web Proxy');
  });

  it("offers the demo source's assets only to users without sources", async () => {
    const { api } = await openWizard();
    expect(await screen.findByRole('link', { name: 'Explore My Demo Source' })).toHaveAttribute(
      'href',
      `/assets?source=${sourceIds.demo}`,
    );
    expect(api.requestsTo('GET /api/v4/sources')[0]?.url).toContain('page%5Bsize%5D=1');
  });

  it('hides the demo source from users who have sources', async () => {
    const { api } = await openWizard({ sources: [sourceResource(sourceIds.first, 'photos')] });
    await waitFor(() => expect(api.requestsTo('GET /api/v4/sources')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('link', { name: 'Explore My Demo Source' })).toBeNull();
  });

  it('explains what to do when the media is not online', async () => {
    const { user } = await openWizard();
    await user.click(screen.getByRole('button', { name: "What if my media isn't online?" }));
    const dialog = await screen.findByRole('dialog', { name: "What if my media isn't online?" });
    expect(
      within(dialog).getByRole('link', { name: 'Amazon S3 documentation' }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Web Folder');
    await user.click(within(dialog).getByRole('button', { name: 'Use a web folder' }));
    expect(screen.getByRole('radio', { name: 'Web Folder' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('sends users without storage access to the add-user flow, or back', async () => {
    const { user, router } = await openWizard();
    const ask = "What if my media is online, but I don't have access to the storage?";
    await user.click(screen.getByRole('button', { name: ask }));
    let dialog = await screen.findByRole('dialog', { name: ask });
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ask })).toBeNull());
    expect(pathOf(router)).toBe('/sources/new');

    await user.click(screen.getByRole('button', { name: ask }));
    dialog = await screen.findByRole('dialog', { name: ask });
    await user.click(within(dialog).getByRole('button', { name: 'Users Page' }));
    await waitFor(() => expect(pathOf(router)).toBe('/users/new'));
  });
});

describe('source wizard, step 2', { timeout: 30000 }, () => {
  it('shows the provider fields with Optional tags, masked secrets, a tip and the walkthrough', async () => {
    const { user, api } = await openWizard();
    await toS3LinkStep(user);

    expect(screen.getByLabelText('Access Key ID')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Secret Access Key')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Bucket Name')).toHaveAttribute('type', 'text');
    expect(screen.getAllByText('Optional')).toHaveLength(1);
    expect(screen.getByRole('complementary', { name: 'Tip' })).toHaveTextContent(
      'ListBucket, GetBucketLocation and GetObject',
    );

    await user.click(screen.getByRole('button', { name: 'Full step-by-step walkthrough' }));
    const panel = screen.getByRole('complementary', { name: 'Connect an Amazon S3 bucket' });
    expect(within(panel).getAllByRole('img')[0]).toHaveAttribute('width', '490');
    expect(panel).toHaveTextContent('"s3:GetBucketLocation"');
    await waitFor(() =>
      expect(eventNames(api)).toContainEqual({
        name: 'Walkthrough Opened',
        properties: { source_type: 's3' },
      }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Close panel' }));
    expect(screen.queryByRole('complementary', { name: 'Connect an Amazon S3 bucket' })).toBeNull();
  });

  it('opens the walkthrough below 960 px as a full-screen dialog that holds the focus', async () => {
    vi.stubGlobal('innerWidth', 800);
    const { user } = await openWizard();
    await toS3LinkStep(user);
    expect(document.querySelector('[data-layout="mobile"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Full step-by-step walkthrough' })).toBeNull();

    const opener = screen.getByRole('button', { name: 'Step-by-step walkthrough' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Connect an Amazon S3 bucket' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const close = within(dialog).getByRole('button', { name: 'Close panel' });
    await waitFor(() => expect(close).toHaveFocus());
    // 'Close panel' is the dialog's only control: Tab and Shift+Tab come back to it instead of
    // reaching the form behind.
    await user.tab();
    await waitFor(() => expect(close).toHaveFocus());
    await user.tab({ shift: true });
    await waitFor(() => expect(close).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Step-by-step walkthrough' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close panel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Step-by-step walkthrough' })).toHaveFocus(),
    );
  });

  it('validates on every change and keeps Continue disabled until the form is complete', async () => {
    const { user } = await openWizard();
    await toS3LinkStep(user);
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();

    await user.type(screen.getByLabelText('Access Key ID'), 'short');
    await waitFor(() =>
      expect(screen.getByLabelText('Access Key ID')).toHaveAccessibleDescription(
        /This is not a valid access key/,
      ),
    );
    await user.clear(screen.getByLabelText('Access Key ID'));
    await fillS3(user);
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.type(screen.getByLabelText('Bucket Name'), '..');
    await waitFor(() => expect(continueButton).toBeDisabled());
  });

  it('asks the server once, then skips the check while the configuration is unchanged', async () => {
    const { user, api } = await openWizard();
    await toS3LinkStep(user);
    await fillS3(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Choose your subdomain' });
    expect(api.requestsTo('POST /api/v4/validations/source/configurations')[0]?.body).toEqual({
      data: {
        type: 'source_configuration_validations',
        attributes: {
          configuration: {
            type: 's3',
            aws_access_key: S3.access,
            aws_secret_key: S3.secret,
            aws_bucket: S3.bucket,
            aws_prefix: null,
          },
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose your subdomain' });
    expect(api.requestsTo('POST /api/v4/validations/source/configurations')).toHaveLength(1);
  });

  it('never asks the server about a web proxy', async () => {
    const { user, api } = await openWizard({ webproxy: true });
    await user.click(await screen.findByRole('radio', { name: 'Web Proxy' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Notes');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose your subdomain' });
    expect(api.requestsTo('POST /api/v4/validations/source/configurations')).toHaveLength(0);
  });

  it('puts a field error under its field and tracks it', async () => {
    const { user, api } = await openWizard();
    api.on(
      'POST /api/v4/validations/source/configurations',
      errorReply(422, [
        {
          code: 'validation_failed',
          title: 'Bucket not found',
          detail: 'The bucket does not exist. Check the bucket name.',
          source: { pointer: '/data/attributes/configuration/aws_bucket' },
        },
      ]),
    );
    await toS3LinkStep(user);
    await fillS3(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Bucket Name')).toHaveAccessibleDescription(
        /The bucket does not exist/,
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() =>
      expect(eventNames(api)).toContainEqual({
        name: 'Wizard Validation Error',
        properties: { form_type: 'wizard', source_type: 's3', error_title: 'Bucket not found' },
      }),
    );
  });

  it('shows the invalid-source-config banner, and the generic text for other errors', async () => {
    const { user, api } = await openWizard();
    api.on(
      'POST /api/v4/validations/source/configurations',
      errorReply(422, [
        {
          code: 'invalid_source_config',
          title: 'Invalid source configuration',
          detail: 'Access denied',
          source: { pointer: '/data/attributes/configuration' },
        },
      ]),
    );
    await toS3LinkStep(user);
    await fillS3(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_SOURCE_CONFIG_MESSAGE);

    api.on(
      'POST /api/v4/validations/source/configurations',
      errorReply(500, [{ code: 'internal_error' }]),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(GENERIC_FORM_ERROR));
  });
});

describe('source wizard, switching types', { timeout: 30000 }, () => {
  it('switches without asking while the form is untouched', async () => {
    const { user } = await openWizard();
    await toS3LinkStep(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('radio', { name: 'Google Cloud' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Google Cloud' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('asks before clearing edited fields: Cancel keeps them, Okay starts over', async () => {
    const { user } = await openWizard();
    await toS3LinkStep(user);
    await user.type(screen.getByLabelText('Bucket Name'), S3.bucket);
    await user.click(screen.getByRole('button', { name: 'Back' }));

    await user.click(await screen.findByRole('radio', { name: 'Google Cloud' }));
    let prompt = await screen.findByRole('dialog', {
      name: 'Switching source types will clear this form',
    });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('radio', { name: 'Amazon S3' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Bucket Name')).toHaveValue(S3.bucket);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('radio', { name: 'Google Cloud' }));
    prompt = await screen.findByRole('dialog', {
      name: 'Switching source types will clear this form',
    });
    await user.click(within(prompt).getByRole('button', { name: 'Okay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('radio', { name: 'Google Cloud' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText('Bucket Name')).toHaveValue('');
    expect(screen.getByLabelText('HMAC Access Key')).toBeInTheDocument();
  });
});

describe('source wizard, step 3', { timeout: 30000 }, () => {
  async function toSubdomainStep() {
    const view = await openWizard();
    await toS3LinkStep(view.user);
    await fillS3(view.user);
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose your subdomain' });
    return view;
  }

  it('suggests a subdomain from the company name and checks its availability', async () => {
    const { api } = await toSubdomainStep();
    const input = screen.getByLabelText('Subdomain');
    expect(screen.getByText('https://')).toBeInTheDocument();
    expect(screen.getByText('.img.example')).toBeInTheDocument();
    await waitFor(() => expect((input as HTMLInputElement).value).toMatch(/^acmec[a-z0-9]{4}$/));
    const value = (input as HTMLInputElement).value;
    expect(await screen.findByText(`${value}.img.example is available`)).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v4/validations/domains').at(-1)?.body).toEqual({
      data: { type: 'domain_validations', attributes: { darkroom_subdomain: value } },
    });
  });

  it('says when the subdomain is taken and disables Deploy', async () => {
    const { user, api } = await toSubdomainStep();
    api.on(
      'POST /api/v4/validations/domains',
      errorReply(409, [
        { code: 'conflict', detail: 'This domain is already in use by source abc.' },
      ]),
    );
    const input = screen.getByLabelText('Subdomain');
    await user.clear(input);
    await user.type(input, 'taken');
    expect(
      await screen.findByText('This domain is already in use by another source.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deploy Source' })).toBeDisabled();
  });

  it('deploys the source, celebrates and goes to its page', async () => {
    const { user, api, router } = await toSubdomainStep();
    const created = sourceResource(sourceIds.first, 'photos', { deployment_status: 'deploying' });
    api.on('POST /api/v4/sources', { status: 201, body: documentOf(created) });
    api.on(`GET /api/v4/sources/${sourceIds.first}`, { body: documentOf(created) });
    const input = screen.getByLabelText('Subdomain');
    await user.clear(input);
    await user.type(input, 'photos');
    await screen.findByText('photos.img.example is available');
    await user.click(screen.getByRole('button', { name: 'Deploy Source' }));

    const modal = await screen.findByRole('dialog', { name: 'Your source has been created' });
    expect(modal).toHaveTextContent('can serve media once it deploys');
    expect(api.requestsTo('POST /api/v4/sources')[0]?.body).toEqual({
      data: {
        type: 'sources',
        attributes: {
          name: 'photos',
          production: {
            type: 's3',
            aws_access_key: S3.access,
            aws_secret_key: S3.secret,
            aws_bucket: S3.bucket,
            aws_prefix: null,
            darkroom_subdomains: ['photos'],
          },
        },
      },
    });
    const { burstConfetti } = await import('./confetti.ts');
    expect(burstConfetti).toHaveBeenCalled();
    await waitFor(() =>
      expect(eventNames(api)).toContainEqual({
        name: 'Source Created',
        properties: { source_type: 's3', source_id: sourceIds.first },
      }),
    );
    // The modal makes the page behind it inert, so the progress bar is read from the DOM.
    expect(
      document.querySelector('nav[aria-label="Wizard progress"] button[aria-label="Next"]'),
    ).toBeDisabled();

    await user.click(within(modal).getByRole('button', { name: 'Go to my source' }));
    await waitFor(() => expect(pathOf(router)).toBe(`/sources/${sourceIds.first}`));
  });

  it('shows a taken subdomain from the creation call on the field', async () => {
    const { user, api } = await toSubdomainStep();
    api.on(
      'POST /api/v4/sources',
      errorReply(422, [
        {
          code: 'validation_failed',
          detail: 'This domain is already in use by source x.',
          source: { pointer: '/data/attributes/production/darkroom_subdomains/0' },
        },
      ]),
    );
    const input = screen.getByLabelText('Subdomain');
    await waitFor(() => expect((input as HTMLInputElement).value).not.toBe(''));
    await screen.findByText(/is available/);
    await user.click(screen.getByRole('button', { name: 'Deploy Source' }));
    expect(
      await screen.findByText('This domain is already in use by another source.'),
    ).toBeInTheDocument();
  });
});

describe('source wizard, managed storage', { timeout: 30000 }, () => {
  it('offers Darkroom Storage under the nine cards and deploys it without a storage check', async () => {
    const { user, api } = await openWizard();
    await waitFor(() => expect(cards()).toHaveLength(8));
    const managed = screen.getByRole('button', { name: 'Use Darkroom Storage' });
    expect(managed).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();

    await user.click(managed);
    expect(managed).toHaveAttribute('aria-pressed', 'true');
    expect(cards().every((card) => card.getAttribute('aria-checked') === 'false')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const heading = await screen.findByRole('heading', { name: 'Keep your files on Darkroom' });
    const step = heading.closest('section') as HTMLElement;
    expect(step).toHaveTextContent('up to 50 MB');
    expect(within(step).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /walkthrough/ })).toBeNull();
    await user.click(within(step).getByRole('button', { name: 'Continue' }));

    await screen.findByRole('heading', { name: 'Choose your subdomain' });
    expect(api.requestsTo('POST /api/v4/validations/source/configurations')).toHaveLength(0);
    const created = sourceResource(sourceIds.first, 'photos', {
      deployment_status: 'deploying',
      production: { type: 'darkroom_storage' },
    });
    api.on('POST /api/v4/sources', { status: 201, body: documentOf(created) });
    const input = screen.getByLabelText('Subdomain');
    await user.clear(input);
    await user.type(input, 'photos');
    await screen.findByText('photos.img.example is available');
    await user.click(screen.getByRole('button', { name: 'Deploy Source' }));

    await screen.findByRole('dialog', { name: 'Your source has been created' });
    expect(api.requestsTo('POST /api/v4/sources')[0]?.body).toEqual({
      data: {
        type: 'sources',
        attributes: {
          name: 'photos',
          production: { type: 'darkroom_storage', darkroom_subdomains: ['photos'] },
        },
      },
    });
    await waitFor(() =>
      expect(eventNames(api)).toContainEqual({
        name: 'Source Created',
        properties: { source_type: 'darkroom_storage', source_id: sourceIds.first },
      }),
    );
  });

  it('asks before leaving an edited provider form for Darkroom Storage', async () => {
    const { user } = await openWizard();
    await toS3LinkStep(user);
    await user.type(screen.getByLabelText('Bucket Name'), S3.bucket);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Use Darkroom Storage' }));
    const prompt = await screen.findByRole('dialog', {
      name: 'Switching source types will clear this form',
    });
    await user.click(within(prompt).getByRole('button', { name: 'Okay' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Use Darkroom Storage' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(screen.getByRole('radio', { name: 'Amazon S3' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});
