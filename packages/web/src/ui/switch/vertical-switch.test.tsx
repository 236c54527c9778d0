import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VerticalSwitch } from './vertical-switch.tsx';

describe('VerticalSwitch', () => {
  it('is named by its label and described by its legend', () => {
    render(
      <VerticalSwitch
        label="Remove background"
        legend="Cuts the subject out of the picture."
        checked={false}
        onCheckedChange={() => {}}
      />,
    );
    const control = screen.getByRole('switch', { name: 'Remove background' });
    expect(control).toHaveAccessibleDescription('Cuts the subject out of the picture.');
  });

  it('shows a Premium badge and a tooltip when asked', async () => {
    render(
      <VerticalSwitch
        label="Remove background"
        legend="Cuts the subject out."
        tooltip="Costs 2 credits per image."
        premium
        checked={false}
        onCheckedChange={() => {}}
      />,
    );
    expect(screen.getByText('Premium')).toBeInTheDocument();
    await userEvent.hover(screen.getByRole('button', { name: 'About Remove background' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Costs 2 credits per image.');
  });

  it('shows neither badge nor tooltip by default', () => {
    render(
      <VerticalSwitch label="Trim" legend="Trims borders." checked onCheckedChange={() => {}} />,
    );
    expect(screen.queryByText('Premium')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /about/i })).not.toBeInTheDocument();
  });

  it('reports toggles', async () => {
    const onCheckedChange = vi.fn();
    render(
      <VerticalSwitch
        label="Trim"
        legend="Trims borders."
        checked
        onCheckedChange={onCheckedChange}
      />,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Trim' }));
    expect(onCheckedChange).toHaveBeenCalledWith(false);
  });
});
