import { defaultParamsSchema } from '@darkroom/core';
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

const params = () => screen.getByRole('region', { name: 'Default parameters' });

/** Core's message for one parameter, whatever its wording is today. */
function coreMessage(input: Record<string, string>, name: string): string {
  const result = defaultParamsSchema.safeParse(input);
  const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === name);
  if (!issue) throw new Error(`core accepts ${name}`);
  return issue.message;
}

describe('DefaultParamsSection', { timeout: 30000 }, () => {
  it("shows core's message under the entry it concerns, on both of its inputs", async () => {
    const source = sourceResource(sourceIds.first, 'photos', {
      production: { default_params: { w: '400' } },
    });
    const { user } = await openSourcePage(source);
    const section = params();
    expect(within(section).getByLabelText('Parameter 1 name')).toHaveValue('w');

    await user.click(within(section).getByRole('button', { name: 'Add parameter' }));
    await user.type(within(section).getByLabelText('Parameter 2 name'), 'ch');
    await user.type(within(section).getByLabelText('Parameter 2 value'), 'Width');
    const message = coreMessage({ w: '400', ch: 'Width' }, 'ch');
    expect(within(section).getByLabelText('Parameter 2 name')).toHaveAccessibleDescription(message);
    expect(within(section).getByLabelText('Parameter 2 value')).toHaveAccessibleDescription(
      message,
    );
    expect(within(section).getByLabelText('Parameter 1 name')).not.toHaveAttribute('aria-invalid');
    expect(within(section).getByRole('button', { name: 'Save default parameters' })).toBeDisabled();

    await user.click(within(section).getByRole('button', { name: 'Remove parameter 2' }));
    expect(within(section).getByRole('button', { name: 'Save default parameters' })).toBeEnabled();
  });

  it('saves the named entries as a map', async () => {
    const source = sourceResource(sourceIds.first, 'photos');
    const { api, user } = await openSourcePage(source);
    const sent = acceptPatches(api, source);
    const section = params();
    await user.click(within(section).getByRole('button', { name: 'Add parameter' }));
    await user.type(within(section).getByLabelText('Parameter 1 name'), 'auto');
    await user.type(within(section).getByLabelText('Parameter 1 value'), 'format');
    await user.click(within(section).getByRole('button', { name: 'Add parameter' }));
    await user.click(within(section).getByRole('button', { name: 'Save default parameters' }));

    expect(await screen.findByText('Default parameters saved')).toBeInTheDocument();
    expect(sent).toEqual([{ production: { default_params: { auto: 'format' } } }]);
  });

  it("puts the server's message about one entry under that entry", async () => {
    const { api, user } = await openSourcePage();
    api.on(
      `PATCH /api/v4/sources/${sourceIds.first}`,
      errorReply(422, [
        {
          code: 'validation_failed',
          detail: 'w must be a number of pixels.',
          source: { pointer: '/data/attributes/production/default_params/w' },
        },
      ]),
    );
    const section = params();
    await user.click(within(section).getByRole('button', { name: 'Add parameter' }));
    await user.type(within(section).getByLabelText('Parameter 1 name'), 'w');
    await user.type(within(section).getByLabelText('Parameter 1 value'), '400');
    await user.click(within(section).getByRole('button', { name: 'Save default parameters' }));
    await waitFor(() =>
      expect(within(section).getByLabelText('Parameter 1 value')).toHaveAccessibleDescription(
        'w must be a number of pixels.',
      ),
    );
    expect(screen.queryByText('Could not save')).toBeNull();
  });
});
