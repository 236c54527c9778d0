import { EXPERIMENT_VIEWED_EVENT } from '@darkroom/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSession, type Session } from '../../app/session.ts';
import { documentOf, errorReply, mockApi, type MockReply } from '../../test/fetch-mock.ts';
import { ids, impersonationSession, userSession } from '../../test/fixtures.ts';
import { WIZARD_FIRST_STEP_INTROS, WizardFirstStepIntro } from './wizard-first-step-intro.tsx';

const ASSIGNMENTS = 'GET /api/v4/experiments/assignments';

function assignmentsReply(variant: string, impersonating = false): MockReply {
  return {
    body: documentOf({
      type: 'experiment_assignments',
      id: ids.user,
      attributes: { variants: { 'wizard-first-step': variant }, impersonating },
    }),
  };
}

function renderIntro(session: Session, assignments: MockReply | (() => Promise<MockReply>)) {
  setSession(session);
  const api = mockApi({ [ASSIGNMENTS]: assignments, 'POST /api/v4/events': { status: 202 } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <WizardFirstStepIntro headingId="intro-heading" />
    </QueryClientProvider>,
  );
  return { api, view, queryClient };
}

function viewedEvents(api: ReturnType<typeof mockApi>) {
  return api
    .requestsTo('POST /api/v4/events')
    .map((request) => (request.body as { data: { attributes: unknown } }).data.attributes);
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('WizardFirstStepIntro', () => {
  it("shows the user's wording, not the control's first, and records one exposure", async () => {
    let answer: (reply: MockReply) => void = () => {};
    const { api } = renderIntro(
      userSession,
      () => new Promise<MockReply>((resolve) => (answer = resolve)),
    );
    // The heading is the spec's in every variant; the sentence waits for the assignment.
    expect(screen.getByRole('heading', { name: 'How do you store your media?' })).toBeVisible();
    expect(screen.queryByText(WIZARD_FIRST_STEP_INTROS['storage-first'])).toBeNull();
    await waitFor(() => expect(api.requestsTo(ASSIGNMENTS)).toHaveLength(1));
    answer(assignmentsReply('outcome-first'));

    expect(await screen.findByText(WIZARD_FIRST_STEP_INTROS['outcome-first'])).toBeVisible();
    await waitFor(() =>
      expect(viewedEvents(api)).toEqual([
        {
          name: EXPERIMENT_VIEWED_EVENT,
          properties: { experiment: 'wizard-first-step', variant: 'outcome-first' },
        },
      ]),
    );
  });

  it('records the exposure once per browser session', async () => {
    const first = renderIntro(userSession, assignmentsReply('storage-first'));
    expect(await screen.findByText(WIZARD_FIRST_STEP_INTROS['storage-first'])).toBeVisible();
    await waitFor(() => expect(viewedEvents(first.api)).toHaveLength(1));
    first.view.unmount();

    const second = renderIntro(userSession, assignmentsReply('storage-first'));
    expect(await screen.findByText(WIZARD_FIRST_STEP_INTROS['storage-first'])).toBeVisible();
    // The assignment was read again, and the exposure was not sent again.
    await waitFor(() => expect(second.api.requestsTo(ASSIGNMENTS)).toHaveLength(1));
    expect(viewedEvents(second.api)).toEqual([]);
  });

  it('records nothing while impersonating', async () => {
    const { api } = renderIntro(impersonationSession, assignmentsReply('outcome-first', true));
    expect(await screen.findByText(WIZARD_FIRST_STEP_INTROS['outcome-first'])).toBeVisible();
    expect(viewedEvents(api)).toEqual([]);
  });

  it('shows the control, and records nothing, when the assignment cannot be read', async () => {
    const { api } = renderIntro(
      userSession,
      errorReply(503, [{ code: 'database_unavailable', detail: 'Try again.' }]),
    );
    expect(await screen.findByText(WIZARD_FIRST_STEP_INTROS['storage-first'])).toBeVisible();
    expect(viewedEvents(api)).toEqual([]);
  });

  it('shows the control for a variant this dashboard does not know', async () => {
    const { api } = renderIntro(userSession, assignmentsReply('retired-wording'));
    expect(await screen.findByText(WIZARD_FIRST_STEP_INTROS['storage-first'])).toBeVisible();
    await waitFor(() =>
      expect(viewedEvents(api)).toEqual([
        {
          name: EXPERIMENT_VIEWED_EVENT,
          properties: { experiment: 'wizard-first-step', variant: 'storage-first' },
        },
      ]),
    );
  });
});
