import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfoTooltip } from './info-tooltip.tsx';

const icon = () => screen.getByRole('button', { name: 'About compression' });

function setWindowWidth(width: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

describe('InfoTooltip', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows its callout on hover and describes the icon with it', async () => {
    render(<InfoTooltip label="About compression" content="Costs credits." />);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await userEvent.hover(icon());
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('Costs credits.');
    expect(icon()).toHaveAttribute('aria-describedby', tooltip.id);
    expect(icon()).toHaveAccessibleDescription('Costs credits.');
  });

  it('hides 300 ms after the pointer leaves', async () => {
    vi.useFakeTimers();
    // fireEvent rather than userEvent: Testing Library's async wrapper waits on a real timer.
    render(<InfoTooltip label="About compression" content="Costs credits." />);
    fireEvent.mouseEnter(icon());
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.mouseLeave(icon());
    act(() => {
      vi.advanceTimersByTime(290);
    });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on keyboard focus and hides on Escape', async () => {
    render(
      <>
        <button type="button">Before</button>
        <InfoTooltip label="About compression" content="Costs credits." />
      </>,
    );
    await userEvent.tab();
    await userEvent.tab();
    expect(icon()).toHaveFocus();
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('hides when focus leaves', async () => {
    render(
      <>
        <InfoTooltip label="About compression" content="Costs credits." />
        <button type="button">After</button>
      </>,
    );
    act(() => icon().focus());
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('keeps the callout at most 240 px wide', async () => {
    render(<InfoTooltip label="About compression" content="Costs credits." />);
    await userEvent.hover(icon());
    expect(screen.getByRole('tooltip').style.maxWidth).toBe('240px');
  });

  it('opens to the right on wide screens and below at 480 px or less', async () => {
    setWindowWidth(1024);
    render(<InfoTooltip label="About compression" content="Costs credits." />);
    await userEvent.hover(icon());
    expect(screen.getByRole('tooltip')).toHaveAttribute('data-side', 'right');

    setWindowWidth(480);
    expect(screen.getByRole('tooltip')).toHaveAttribute('data-side', 'bottom');
  });
});
