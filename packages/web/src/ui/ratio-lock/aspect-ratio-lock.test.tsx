import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AspectRatioLock } from './aspect-ratio-lock.tsx';

function Harness() {
  const [locked, setLocked] = useState(false);
  return <AspectRatioLock locked={locked} onLockedChange={setLocked} />;
}

const checkbox = () => screen.getByRole('checkbox', { name: 'Lock aspect ratio' });
const icon = () => document.querySelector('[data-icon]');

describe('AspectRatioLock', () => {
  it('is a labelled checkbox showing an open padlock while unlocked', () => {
    render(<Harness />);
    expect(checkbox()).not.toBeChecked();
    expect(icon()).toHaveAttribute('data-icon', 'unlocked');
  });

  it('locks with a click and shows a closed padlock', async () => {
    render(<Harness />);
    await userEvent.click(checkbox());
    expect(checkbox()).toBeChecked();
    expect(icon()).toHaveAttribute('data-icon', 'locked');
  });

  it('toggles with Space', async () => {
    render(<Harness />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(checkbox()).toBeChecked();
  });

  it('does nothing while disabled', async () => {
    const onLockedChange = vi.fn();
    render(<AspectRatioLock locked onLockedChange={onLockedChange} disabled />);
    await userEvent.click(checkbox());
    expect(onLockedChange).not.toHaveBeenCalled();
  });
});
