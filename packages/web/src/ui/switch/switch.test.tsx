import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch.tsx';

function Harness({ initial = false, disabled }: { initial?: boolean; disabled?: boolean }) {
  const [checked, setChecked] = useState(initial);
  return (
    <Switch
      label="Auto compress"
      checked={checked}
      onCheckedChange={setChecked}
      disabled={disabled}
    />
  );
}

const control = () => screen.getByRole('switch', { name: 'Auto compress' });

describe('Switch', () => {
  it('reports its state through aria-checked', () => {
    const { rerender } = render(
      <Switch aria-label="Auto compress" checked onCheckedChange={() => {}} />,
    );
    expect(control()).toHaveAttribute('aria-checked', 'true');
    rerender(<Switch aria-label="Auto compress" checked={false} onCheckedChange={() => {}} />);
    expect(control()).toHaveAttribute('aria-checked', 'false');
  });

  it('toggles on click, and on a click on its label', async () => {
    render(<Harness />);
    await userEvent.click(control());
    expect(control()).toBeChecked();
    await userEvent.click(screen.getByText('Auto compress'));
    expect(control()).not.toBeChecked();
  });

  it('toggles with Space and Enter', async () => {
    render(<Harness />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(control()).toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(control()).not.toBeChecked();
  });

  it('does nothing while disabled', async () => {
    const onCheckedChange = vi.fn();
    render(<Switch label="Auto compress" checked onCheckedChange={onCheckedChange} disabled />);
    expect(control()).toBeDisabled();
    await userEvent.click(control());
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
