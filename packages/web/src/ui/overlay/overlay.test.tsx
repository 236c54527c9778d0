import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConfirmOptions } from './overlay-context.ts';
import { OverlayProvider } from './overlay-provider.tsx';
import { useOverlay } from './use-overlay.ts';

function ConfirmDemo({ options }: { options: ConfirmOptions }) {
  const overlay = useOverlay();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={async () => setAnswer(String(await overlay.confirm(options)))}>
        Ask
      </button>
      <p>answer: {answer}</p>
    </>
  );
}

function SpinnerDemo() {
  const overlay = useOverlay();
  return (
    <>
      <button type="button" onClick={() => overlay.showSpinner('Saving your changes')}>
        Start
      </button>
      <button type="button" onClick={() => overlay.hideSpinner()}>
        Stop
      </button>
    </>
  );
}

const question: ConfirmOptions = {
  title: 'Delete this user?',
  message: 'They lose access at once.',
  confirmLabel: 'Delete',
  dismissLabel: 'Keep',
  style: 'attention',
};

function renderConfirm(options: ConfirmOptions = question) {
  return render(
    <OverlayProvider>
      <ConfirmDemo options={options} />
    </OverlayProvider>,
  );
}

describe('OverlayProvider confirm', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens a labelled modal dialog', async () => {
    renderConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('They lose access at once.');
    expect(dialog).toHaveAttribute('data-style', 'attention');
  });

  it('answers true and closes after confirm', async () => {
    renderConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('answer: true')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('answers false and closes on dismiss', async () => {
    renderConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep' }));
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('answers false when Escape is pressed', async () => {
    renderConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
  });

  it('starts an attention question on the safe answer and keeps focus inside', async () => {
    renderConfirm();
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const keep = await screen.findByRole('button', { name: 'Keep' });
    await waitFor(() => expect(keep).toHaveFocus());
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    // Past the last button focus wraps to the first instead of leaving the dialog.
    await userEvent.tab();
    await waitFor(() => expect(keep).toHaveFocus());
  });

  it('starts a confirmation question on the confirm button', async () => {
    renderConfirm({ title: 'Publish?', message: 'Everyone will see it.', style: 'confirmation' });
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('gives focus back to the button that opened it', async () => {
    renderConfirm();
    const ask = screen.getByRole('button', { name: 'Ask' });
    await userEvent.click(ask);
    await userEvent.click(await screen.findByRole('button', { name: 'Keep' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(ask).toHaveFocus());
  });

  it('renders each style with its own look', async () => {
    for (const style of ['dark', 'attention', 'confirmation'] as const) {
      const { unmount } = renderConfirm({ title: style, message: 'm', style });
      await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
      expect(await screen.findByRole('dialog', { name: style })).toHaveAttribute(
        'data-style',
        style,
      );
      unmount();
    }
  });

  it('fades in over 200 ms and out over 150 ms', async () => {
    vi.useFakeTimers();
    renderConfirm();
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    act(() => {
      vi.advanceTimersByTime(16);
    });
    const backdrop = screen.getByRole('dialog').parentElement as HTMLElement;
    expect(backdrop).toHaveAttribute('data-status', 'open');
    expect(backdrop.style.transitionDuration).toBe('200ms');

    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(backdrop).toHaveAttribute('data-status', 'close');
    expect(backdrop.style.transitionDuration).toBe('150ms');
    act(() => {
      vi.advanceTimersByTime(140);
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('OverlayProvider spinner', () => {
  it('shows a spinner with its reason until hidden', async () => {
    render(
      <OverlayProvider>
        <SpinnerDemo />
      </OverlayProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saving your changes');

    act(() => {
      screen.getByRole('button', { name: 'Stop', hidden: true }).click();
    });
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});

describe('useOverlay', () => {
  it('explains that it needs the provider', () => {
    function Orphan() {
      useOverlay();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow(/OverlayProvider/);
  });
});
