import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CollapsibleSection } from './collapsible-section.tsx';

const toggle = () => screen.getByRole('button', { name: 'Adjustments' });

describe('CollapsibleSection', () => {
  it('starts expanded, its button pointing at the content', () => {
    render(
      <CollapsibleSection title="Adjustments">
        <p>Brightness</p>
      </CollapsibleSection>,
    );
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: 'Adjustments' });
    expect(toggle()).toHaveAttribute('aria-controls', region.id);
    expect(screen.getByText('Brightness')).toBeVisible();
  });

  it('collapses and expands again with its arrow button', async () => {
    render(
      <CollapsibleSection title="Adjustments">
        <p>Brightness</p>
      </CollapsibleSection>,
    );
    await userEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Brightness')).not.toBeVisible();
    await userEvent.click(toggle());
    expect(screen.getByText('Brightness')).toBeVisible();
  });

  it('can start collapsed', () => {
    render(
      <CollapsibleSection title="Adjustments" defaultExpanded={false}>
        <p>Brightness</p>
      </CollapsibleSection>,
    );
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('reports toggles when controlled', async () => {
    const onExpandedChange = vi.fn();
    render(
      <CollapsibleSection title="Adjustments" expanded onExpandedChange={onExpandedChange}>
        <p>Brightness</p>
      </CollapsibleSection>,
    );
    await userEvent.click(toggle());
    expect(onExpandedChange).toHaveBeenCalledWith(false);
  });
});
