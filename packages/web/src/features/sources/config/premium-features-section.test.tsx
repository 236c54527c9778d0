import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PREMIUM_FEATURES,
  openSourcePage,
  sourceIds,
  sourceResource,
} from '../sources.test-fixtures.ts';

// The route's chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./source-config-page.tsx');
}, 30000);

function featureRow(name: string) {
  const list = within(screen.getByRole('region', { name: 'Premium AI features' })).getByRole(
    'list',
    { name: 'Premium AI features' },
  );
  return within(list).getByRole('listitem', { name });
}

describe('PremiumFeaturesSection', { timeout: 30000 }, () => {
  it('lists the six features with their description and what each unlocks', async () => {
    await openSourcePage();
    const list = screen.getByRole('list', { name: 'Premium AI features' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Background removal',
      'Background replacement',
      'Super resolution',
      'Generative fill (outpainting)',
      'Object removal and replacement',
      'Image to video',
    ]);
    expect(within(featureRow('Background removal')).getByText('bg-remove').tagName).toBe('CODE');
    expect(within(featureRow('Background replacement')).getByText('bg-replace')).toBeVisible();
    expect(within(featureRow('Super resolution')).getByText('upscale')).toBeVisible();
    expect(within(featureRow('Generative fill (outpainting)')).getByText('fill=gen')).toBeVisible();
    expect(
      within(featureRow('Object removal and replacement')).getByText('object-removal-rect'),
    ).toBeVisible();
    expect(within(featureRow('Image to video')).getByText('Image to video page')).toBeVisible();
    expect(
      within(featureRow('Background removal')).getByText(
        'Cuts the subject out and leaves the background transparent.',
      ),
    ).toBeVisible();
  });

  it("marks granted features included, installed ones outside the plan and the server's gaps", async () => {
    await openSourcePage(
      sourceResource(sourceIds.first, 'photos', { premium_capabilities: ['super_resolution'] }),
    );

    const included = featureRow('Super resolution');
    expect(within(included).getByText('Included')).toBeVisible();
    expect(included).toHaveTextContent('Status: Included');

    const notInPlan = featureRow('Background removal');
    expect(within(notInPlan).getByText('Not in your plan')).toBeVisible();
    expect(
      within(notInPlan).getByText('An administrator can grant it to your account.'),
    ).toBeVisible();
    expect(
      within(featureRow('Object removal and replacement')).getByText('Not in your plan'),
    ).toBeVisible();

    const generative = featureRow('Generative fill (outpainting)');
    expect(within(generative).getByText('Unavailable on this server')).toBeVisible();
    expect(
      within(generative).getByText('Needs a generative image provider (GENERATIVE_API_URL).'),
    ).toBeVisible();
    expect(
      within(featureRow('Image to video')).getByText('Needs ffmpeg on the server.'),
    ).toBeVisible();
    expect(within(generative).queryByText('Not in your plan')).not.toBeInTheDocument();
  });

  it('shows every feature included once the install and the grants allow them all', async () => {
    const everything = DEFAULT_PREMIUM_FEATURES.map((feature) => feature.name);
    await openSourcePage(
      sourceResource(sourceIds.first, 'photos', { premium_capabilities: everything }),
      {
        premiumFeatures: everything.map((name) => ({
          name,
          available: true,
          unavailable_reason: null,
        })),
      },
    );
    expect(screen.getAllByText('Included')).toHaveLength(6);
    expect(screen.queryByText('Unavailable on this server')).not.toBeInTheDocument();
    expect(screen.queryByText('Not in your plan')).not.toBeInTheDocument();
  });

  it('shows the demo source what it can try', async () => {
    await openSourcePage(
      sourceResource(sourceIds.demo, 'demo', {
        demo: true,
        premium_capabilities: ['background_removal', 'super_resolution', 'object_removal'],
      }),
    );
    expect(within(featureRow('Background removal')).getByText('Included')).toBeVisible();
    expect(
      within(featureRow('Background replacement')).getByText('Unavailable on this server'),
    ).toBeVisible();
  });
});
