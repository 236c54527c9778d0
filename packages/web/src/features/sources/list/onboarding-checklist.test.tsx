import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../app/session.ts';
import { documentOf, mockApi } from '../../../test/fetch-mock.ts';
import { ids, sessionWith, userResource, userSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { assetResource, pageOf } from '../../assets/assets.test-fixtures.ts';
import {
  settingsDocument,
  sourceIds,
  sourceResource,
  sourcesList,
} from '../sources.test-fixtures.ts';

const ONBOARDING_KEY = `darkroom.onboarding.${ids.account}`;
const HEADING = 'Get started with Darkroom';

interface Account {
  sources?: unknown[];
  /** Users of the account (teammates and pending invitations count). */
  users?: number;
  /** Images of each source, by id. */
  images?: Record<string, string[]>;
}

function mockAccount({ sources = [], users = 1, images = {} }: Account = {}) {
  const api = mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada', 'ada@example.com')),
    },
    'GET /api/v4/platform-settings': { body: settingsDocument },
    'GET /api/v4/sources': { body: sourcesList(sources) },
    'GET /api/v4/users': {
      body: pageOf(
        Array.from({ length: Math.min(users, 2) }, (_, index) =>
          userResource(index === 0 ? ids.user : ids.teammate, `User ${index}`, `u${index}@x.io`),
        ),
        1,
        2,
        users,
      ),
    },
  });
  for (const [sourceId, paths] of Object.entries(images)) {
    api.on(`GET /api/v4/sources/${sourceId}/assets`, {
      body: pageOf(
        paths.map((path) => assetResource(sourceId, path)),
        1,
        1,
        paths.length,
      ),
    });
  }
  return api;
}

async function findChecklist(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: HEADING });
}

/** The step named `title` with its state as screen readers hear it. */
function step(checklist: HTMLElement, state: 'Done' | 'To do', title: string): HTMLElement {
  const item = within(checklist)
    .getAllByRole('listitem')
    .find((candidate) => candidate.textContent?.includes(`${state}: ${title}`));
  if (item === undefined) throw new Error(`no step "${state}: ${title}"`);
  return item;
}

function storedFlags(): Record<string, unknown> {
  return JSON.parse(window.localStorage.getItem(ONBOARDING_KEY) ?? '{}') as Record<string, unknown>;
}

describe('OnboardingChecklist', () => {
  it('walks a new account through every step, each linking to where it is done', async () => {
    setSession(userSession);
    mockAccount({ images: { [sourceIds.demo]: ['/dog.jpg'] } });
    renderApp('/sources');

    const checklist = await findChecklist();
    expect(within(checklist).getByText('0 of 4 steps done')).toBeInTheDocument();
    expect(
      within(step(checklist, 'To do', 'Create a source')).getByRole('link', {
        name: 'Create a source',
      }),
    ).toHaveAttribute('href', '/sources/new');
    expect(step(checklist, 'To do', 'Serve a first image')).toHaveTextContent(
      'Once you have a source, request one of its images from its subdomain.',
    );
    // Without a source of its own, the playground step tries an image of the demo source.
    await waitFor(() =>
      expect(
        within(step(checklist, 'To do', 'Try a parameter in the URL playground')).getByRole(
          'link',
          { name: 'Open the playground' },
        ),
      ).toHaveAttribute('href', `/assets/${sourceIds.demo}/dog.jpg`),
    );
    expect(
      within(step(checklist, 'To do', 'Invite a teammate')).getByRole('link', {
        name: 'Invite a teammate',
      }),
    ).toHaveAttribute('href', '/users/new');
  });

  it('shows the sample URL of a source that has served nothing yet', async () => {
    setSession(userSession);
    mockAccount({
      sources: [sourceResource(sourceIds.first, 'photos')],
      images: { [sourceIds.first]: ['/products/red shoe.jpg'] },
    });
    renderApp('/sources');

    const checklist = await findChecklist();
    expect(within(checklist).getByText('1 of 4 steps done')).toBeInTheDocument();
    step(checklist, 'Done', 'Create a source');
    const serve = step(checklist, 'To do', 'Serve a first image');
    const sample = 'https://photos.img.example/products/red%20shoe.jpg';
    expect(await within(serve).findByText(sample)).toBeInTheDocument();
    expect(
      within(serve).getByRole('link', { name: 'Open the sample URL in a new tab' }),
    ).toHaveAttribute('href', sample);
    expect(
      within(step(checklist, 'To do', 'Try a parameter in the URL playground')).getByRole('link', {
        name: 'Open the playground',
      }),
    ).toHaveAttribute('href', `/assets/${sourceIds.first}/products/red%20shoe.jpg`);
    expect(storedFlags().firstImageServed).toBeUndefined();
  });

  it('tries the playground on a demo image while the source has none indexed', async () => {
    setSession(userSession);
    mockAccount({
      sources: [sourceResource(sourceIds.first, 'photos')],
      images: { [sourceIds.first]: [], [sourceIds.demo]: ['/dog.jpg'] },
    });
    renderApp('/sources');

    const checklist = await findChecklist();
    await waitFor(() =>
      expect(
        within(step(checklist, 'To do', 'Try a parameter in the URL playground')).getByRole(
          'link',
          { name: 'Open the playground' },
        ),
      ).toHaveAttribute('href', `/assets/${sourceIds.demo}/dog.jpg`),
    );
    expect(step(checklist, 'To do', 'Serve a first image')).toHaveTextContent(
      'Open https://photos.img.example/ followed by the path of an image in your storage.',
    );
  });

  it('sends a source that signs its URLs to an image page for a signed URL', async () => {
    setSession(userSession);
    mockAccount({
      sources: [
        {
          ...sourceResource(sourceIds.first, 'photos'),
          attributes: {
            ...sourceResource(sourceIds.first, 'photos').attributes,
            secure_url_enabled: true,
          },
        },
      ],
      images: { [sourceIds.first]: ['/a.jpg'] },
    });
    renderApp('/sources');

    const serve = step(await findChecklist(), 'To do', 'Serve a first image');
    expect(serve).toHaveTextContent('photos signs its URLs');
    await waitFor(() =>
      expect(within(serve).getByRole('link', { name: 'Go to an image' })).toHaveAttribute(
        'href',
        `/assets/${sourceIds.first}/a.jpg`,
      ),
    );
    expect(within(serve).queryByRole('link', { name: /sample URL/ })).not.toBeInTheDocument();
  });

  it("marks the first image served from the server's answer and remembers it in the browser", async () => {
    setSession(userSession);
    mockAccount({
      sources: [
        sourceResource(sourceIds.first, 'photos', { date_first_served: Date.UTC(2025, 2, 4) }),
      ],
      users: 3,
    });
    renderApp('/sources');

    const checklist = await findChecklist();
    expect(within(checklist).getByText('3 of 4 steps done')).toBeInTheDocument();
    step(checklist, 'Done', 'Serve a first image');
    step(checklist, 'Done', 'Invite a teammate');
    step(checklist, 'To do', 'Try a parameter in the URL playground');
    await waitFor(() => expect(storedFlags().firstImageServed).toBe(true));
  });

  it('keeps a step the browser remembers done, though the server no longer says so', async () => {
    window.localStorage.setItem(ONBOARDING_KEY, JSON.stringify({ firstImageServed: true }));
    setSession(userSession);
    mockAccount({ sources: [sourceResource(sourceIds.first, 'photos')] });
    renderApp('/sources');

    step(await findChecklist(), 'Done', 'Serve a first image');
  });

  it('is gone once every step is done', async () => {
    window.localStorage.setItem(ONBOARDING_KEY, JSON.stringify({ playgroundOpened: true }));
    setSession(userSession);
    const api = mockAccount({
      sources: [
        sourceResource(sourceIds.first, 'photos', { date_first_served: Date.UTC(2025, 2, 4) }),
      ],
      users: 2,
    });
    renderApp('/sources');

    expect(await screen.findByRole('table')).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('GET /api/v4/users')).toHaveLength(1));
    await waitFor(() => expect(storedFlags().firstImageServed).toBe(true));
    expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument();
  });

  it('can be dismissed, and stays dismissed', async () => {
    setSession(userSession);
    mockAccount();
    const first = renderApp('/sources');

    const checklist = await findChecklist();
    await first.user.click(
      within(checklist).getByRole('button', { name: 'Dismiss the getting started steps' }),
    );
    expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument();
    expect(storedFlags().dismissed).toBe(true);
    first.unmount();

    renderApp('/sources');
    expect(await screen.findByText('No sources yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument();
  });

  it('leaves the teammate step to account admins, and the checklist to those who may create sources', async () => {
    setSession(sessionWith(userSession, ['sources', 'asset_manager_browse']));
    const api = mockAccount();
    const view = renderApp('/sources');

    const checklist = await findChecklist();
    expect(within(checklist).getByText('0 of 3 steps done')).toBeInTheDocument();
    expect(within(checklist).queryByText(/Invite a teammate/)).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/v4/users')).toHaveLength(0);
    view.unmount();

    setSession(sessionWith(userSession, ['asset_manager_browse']));
    renderApp('/sources');
    expect(await screen.findByText('No sources yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument();
  });
});
