import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GenerativeFillSection } from './generative-fill-section.tsx';
import { PremiumAvailabilityValue } from './premium/premium-availability.tsx';
import type { PremiumAvailability } from './premium/premium-states.ts';

const NEEDS_PROVIDER = 'Needs a generative image provider (GENERATIVE_API_URL).';

function availability(outpaintingRuns: boolean): PremiumAvailability {
  return {
    features: [
      {
        name: 'outpainting',
        available: outpaintingRuns,
        unavailable_reason: outpaintingRuns ? null : NEEDS_PROVIDER,
        plans: ['Growth'],
      },
    ],
    objectReplacement: { available: outpaintingRuns, unavailable_reason: null },
  };
}

function renderSection(available: boolean, install: PremiumAvailability | null) {
  render(
    <PremiumAvailabilityValue value={install}>
      <GenerativeFillSection
        params={{ fill: 'blur' }}
        available={available}
        loading={false}
        onChange={vi.fn()}
      />
    </PremiumAvailabilityValue>,
  );
}

describe('GenerativeFillSection', () => {
  it('names the setting the operator must configure when this server cannot generate', () => {
    renderSection(false, availability(false));
    expect(
      screen.getByText(
        `Not available on this server. ${NEEDS_PROVIDER} The operator of this Darkroom install can configure it.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/premium feature/)).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('points to the paywall when a plan would bring it', () => {
    renderSection(false, availability(true));
    expect(screen.getByText(/It is a premium feature/)).toBeInTheDocument();
    expect(screen.queryByText(/Not available on this server/)).not.toBeInTheDocument();
  });

  it('offers the switch when the source may use it', () => {
    renderSection(true, availability(true));
    expect(screen.getByRole('switch', { name: 'Fill with generated content' })).toBeEnabled();
  });
});
