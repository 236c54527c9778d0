import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { documentOf, errorReply, mockApi, type MockReply } from '../../test/fetch-mock.ts';
import { adminSession, ids, userResource } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const RESULTS = 'GET /api/v4/admin/experiments';

function experiment(key: string, variants: unknown[]) {
  return {
    type: 'experiments',
    id: key,
    attributes: {
      description: `What ${key} compares.`,
      conversion_event: 'Source Deployed',
      variants,
    },
  };
}

const wizard = experiment('wizard-first-step', [
  { variant: 'storage-first', assigned: 1200, exposed: 8, converted: 2, conversion_rate: 0.25 },
  { variant: 'outcome-first', assigned: 3, exposed: 0, converted: 0, conversion_rate: null },
]);
const unstarted = experiment('quiet-test', [
  { variant: 'a', assigned: 0, exposed: 0, converted: 0, conversion_rate: null },
  { variant: 'b', assigned: 0, exposed: 0, converted: 0, conversion_rate: null },
]);

function renderResults(results: MockReply) {
  setSession(adminSession);
  const api = mockApi({
    [`GET /api/v4/admin/users/${ids.admin}`]: {
      body: documentOf(
        userResource(ids.admin, 'Grace Hopper', 'grace@example.com', { admin: true }),
      ),
    },
    [RESULTS]: results,
  });
  return { api, ...renderApp('/admin/experiments') };
}

describe('ExperimentResultsPage', () => {
  it('shows each variant with its users assigned, exposed and converted, and the rate', async () => {
    renderResults({ body: documentOf([wizard, unstarted]) });
    expect(await screen.findByRole('heading', { name: 'Admin: experiments' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Results of wizard-first-step' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Variant', 'Assigned', 'Exposed', 'Converted', 'Conversion rate']);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,200', '8', '2', '25%']);
    expect(within(rows[1] as HTMLElement).getByRole('rowheader')).toHaveTextContent(
      'storage-firstControl',
    );
    // Nobody shown the variant yet: no rate, said so to screen readers.
    expect(within(rows[2] as HTMLElement).getAllByRole('cell')[3]).toHaveTextContent(
      'No one shown it yet',
    );
    expect(screen.getByText('What wizard-first-step compares.')).toBeVisible();
  });

  it('says when no one is in an experiment yet', async () => {
    renderResults({ body: documentOf([wizard, unstarted]) });
    const section = await screen.findByRole('region', { name: 'quiet-test' });
    expect(within(section).getByText('No one is in this experiment yet')).toBeVisible();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says when no experiment is running', async () => {
    renderResults({ body: documentOf([]) });
    expect(await screen.findByText('No experiments running')).toBeVisible();
  });

  it('says what went wrong and offers to try again', async () => {
    const { api, user } = renderResults(
      errorReply(503, [{ code: 'database_unavailable', detail: 'The database is not answering.' }]),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is not answering.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(api.requestsTo(RESULTS).length).toBeGreaterThanOrEqual(2);
  });
});
