import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentOf, errorReply, type MockReply } from '../../../test/fetch-mock.ts';
import { ids } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  assetSourceResource,
  mockDashboardApi,
  pageOf,
  sourceIds,
} from '../assets.test-fixtures.ts';

const languagesPath = '/api/v4/assets/manual-alt-text';

function languagesReply(languages: string[], status = 200): MockReply {
  return {
    status,
    body: documentOf({ type: 'languages', id: ids.user, attributes: { languages } }),
  };
}

function mockLanguagesApi(saved: string[] | MockReply) {
  const api = mockDashboardApi();
  const sources = [assetSourceResource(sourceIds.first, 'photos')];
  api.on('GET /api/v4/assets/sources/', { body: pageOf(sources, 1, 300, 1) });
  api.on(`GET /api/v4/sources/${sourceIds.first}/assets`, { body: pageOf([], 1, 100, 0) });
  api.on(`GET ${languagesPath}`, Array.isArray(saved) ? languagesReply(saved) : saved);
  return api;
}

async function openDialog() {
  const view = renderApp('/assets');
  await view.user.click(await screen.findByRole('button', { name: 'Alt text languages' }));
  const dialog = await screen.findByRole('dialog', { name: 'Alt text languages' });
  return { ...view, dialog };
}

describe('AltTextLanguagesDialog', { timeout: 30000 }, () => {
  it('lists every language English first and checks the saved ones, noting the templated ones', async () => {
    mockLanguagesApi(['en', 'pt-BR']);
    const { dialog } = await openDialog();

    const boxes = await within(dialog).findAllByRole('checkbox');
    expect(boxes).toHaveLength(7);
    const english = within(dialog).getByRole('checkbox', { name: 'English' });
    expect(boxes[0]).toBe(english);
    expect(english).toBeChecked();
    expect(english).toHaveAccessibleDescription('Composed for each image.');
    const portuguese = within(dialog).getByRole('checkbox', { name: /^Portuguese/ });
    expect(portuguese).toBeChecked();
    const german = within(dialog).getByRole('checkbox', { name: 'German · Deutsch' });
    expect(german).not.toBeChecked();
    expect(german).toHaveAccessibleDescription(
      'Templated: one fixed sentence pattern with translated words.',
    );
  });

  it('saves the new list, keeping saved region tags, and says the alt text is being rewritten', async () => {
    const api = mockLanguagesApi(['en', 'pt-BR']);
    let answer = () => {};
    const answered = new Promise<unknown>((resolve) => {
      answer = () => resolve(null);
    });
    api.on(`POST ${languagesPath}`, async (request) => {
      await answered;
      const body = request.body as { data: { attributes: { languages: string[] } } };
      return languagesReply(body.data.attributes.languages, 201);
    });
    const { dialog, user } = await openDialog();

    await user.click(await within(dialog).findByRole('checkbox', { name: 'French · Français' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'English' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // While the server answers, Save reports itself busy and the choice cannot change under it.
    expect(within(dialog).getByRole('button', { name: /Save/ })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'German · Deutsch' })).toBeDisabled();
    answer();
    expect(
      await screen.findByText('Alt text languages saved; alt text is being rewritten.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo(`POST ${languagesPath}`).map((request) => request.body)).toEqual([
      { data: { type: 'languages', attributes: { languages: ['pt-BR', 'fr'] } } },
    ]);
  });

  it('refuses to uncheck the last language and says why', async () => {
    const api = mockLanguagesApi(['en']);
    const { dialog, user } = await openDialog();

    const english = await within(dialog).findByRole('checkbox', { name: 'English' });
    await user.click(english);

    expect(english).toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Keep at least one language: alt text is always written in one or more.',
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'Dutch · Nederlands' }));
    await user.click(english);
    expect(english).not.toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
    expect(api.requestsTo(`POST ${languagesPath}`)).toHaveLength(0);
  });

  it("shows the server's refusal beside the language it names and keeps the dialog open", async () => {
    const api = mockLanguagesApi(['en', 'es']);
    api.on(
      `POST ${languagesPath}`,
      errorReply(422, [
        {
          code: 'validation_failed',
          detail: 'es is already in the list.',
          source: { pointer: '/data/attributes/languages/1' },
        },
        { code: 'validation_failed', detail: 'Choose at most 10 languages.' },
      ]),
    );
    const { dialog, user } = await openDialog();

    await user.click(await within(dialog).findByRole('button', { name: 'Save' }));

    const spanish = within(dialog).getByRole('checkbox', { name: 'Spanish · Español' });
    await waitFor(() => expect(spanish).toHaveAttribute('aria-invalid', 'true'));
    expect(spanish).toHaveAccessibleDescription(
      'Templated: one fixed sentence pattern with translated words. es is already in the list.',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at most 10 languages.');
    expect(screen.getByRole('dialog', { name: 'Alt text languages' })).toBeInTheDocument();
  });

  it('says when the saved languages could not be loaded, and loads them on retry', async () => {
    const api = mockLanguagesApi(errorReply(500, [{ code: 'internal_error', detail: 'boom' }]));
    const { dialog, user } = await openDialog();

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not load the languages',
    );
    api.on(`GET ${languagesPath}`, languagesReply(['de']));
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));

    expect(await within(dialog).findByRole('checkbox', { name: 'German · Deutsch' })).toBeChecked();
  });
});
