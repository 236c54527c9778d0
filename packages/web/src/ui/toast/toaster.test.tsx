import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast.ts';
import { EditorToaster, Toaster } from './toaster.tsx';

function toasterOf(text: string): HTMLElement {
  const list = screen.getByText(text).closest<HTMLElement>('[data-sonner-toaster]');
  if (!list) throw new Error(`no toaster holds "${text}"`);
  return list;
}

function toastOf(text: string): HTMLElement {
  const item = screen.getByText(text).closest<HTMLElement>('[data-sonner-toast]');
  if (!item) throw new Error(`no toast holds "${text}"`);
  return item;
}

// Sonner adds toasts on the next tick (a setTimeout 0) and removes them on an animation frame.
function show(send: () => void) {
  act(() => {
    send();
    vi.advanceTimersByTime(0);
  });
}

describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    act(() => {
      toast.dismiss();
      vi.runOnlyPendingTimers();
    });
    vi.useRealTimers();
  });

  it('stacks toasts bottom-right, 356 px wide, 14 px apart and 32 px from the edges', () => {
    render(<Toaster />);
    show(() => {
      toast.info('Saved a draft');
    });

    const list = toasterOf('Saved a draft');
    expect(list).toHaveAttribute('data-y-position', 'bottom');
    expect(list).toHaveAttribute('data-x-position', 'right');
    expect(list.style.getPropertyValue('--width')).toBe('356px');
    expect(list.style.getPropertyValue('--gap')).toBe('14px');
    expect(list.style.getPropertyValue('--offset-bottom')).toBe('32px');
    expect(list.style.getPropertyValue('--offset-right')).toBe('32px');
  });

  it('announces itself with the Alt+T hotkey', () => {
    render(<Toaster />);
    show(() => {
      toast.info('Hello');
    });
    expect(screen.getByRole('region', { name: /alt\+t/i })).toBeInTheDocument();
  });

  it('renders each toast type', () => {
    render(<Toaster />);
    show(() => {
      toast.success('It worked');
      toast.error('It failed');
    });
    expect(toastOf('It worked')).toHaveAttribute('data-type', 'success');
    expect(toastOf('It failed')).toHaveAttribute('data-type', 'error');

    show(() => {
      toast.warning('Careful');
      toast.loading('Working');
    });
    expect(toastOf('Careful')).toHaveAttribute('data-type', 'warning');
    expect(toastOf('Working')).toHaveAttribute('data-type', 'loading');
  });

  it('shows only the two newest toasts', () => {
    render(<Toaster />);
    show(() => {
      toast.info('First');
      toast.info('Second');
      toast.info('Third');
    });
    expect(toastOf('First')).toHaveAttribute('data-visible', 'false');
    expect(toastOf('Second')).toHaveAttribute('data-visible', 'true');
    expect(toastOf('Third')).toHaveAttribute('data-visible', 'true');
  });

  it('closes a toast after 4000 ms', () => {
    render(<Toaster />);
    show(() => {
      toast.success('Saved');
    });
    act(() => {
      vi.advanceTimersByTime(3990);
    });
    expect(toastOf('Saved')).toHaveAttribute('data-removed', 'false');
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(toastOf('Saved')).toHaveAttribute('data-removed', 'true');
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('pauses while the pointer is over the toasts', () => {
    render(<Toaster />);
    show(() => {
      toast.success('Hover me');
    });
    fireEvent.mouseEnter(toasterOf('Hover me'));
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(toastOf('Hover me')).toHaveAttribute('data-removed', 'false');

    fireEvent.mouseLeave(toasterOf('Hover me'));
    act(() => {
      vi.advanceTimersByTime(4200);
    });
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('pauses while the page is hidden', () => {
    render(<Toaster />);
    show(() => {
      toast.success('In the background');
    });
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(toastOf('In the background')).toHaveAttribute('data-removed', 'false');
    hidden.mockRestore();
  });

  it('dismisses a toast from its close button', () => {
    render(<Toaster />);
    show(() => {
      toast.info('Closable');
    });
    fireEvent.click(screen.getByRole('button', { name: /close toast/i }));
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(screen.queryByText('Closable')).not.toBeInTheDocument();
  });

  it('turns a promise toast from loading into success', async () => {
    render(<Toaster />);
    let finish: (value: string) => void = () => {};
    const work = new Promise<string>((resolve) => {
      finish = resolve;
    });
    show(() => {
      toast.promise(work, {
        loading: 'Uploading',
        success: (name) => `Uploaded ${name}`,
        error: 'Upload failed',
      });
    });
    expect(toastOf('Uploading')).toHaveAttribute('data-type', 'loading');

    await act(async () => {
      finish('cat.jpg');
      await work;
    });
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(toastOf('Uploaded cat.jpg')).toHaveAttribute('data-type', 'success');
    expect(screen.queryByText('Uploading')).not.toBeInTheDocument();
  });

  it('turns a promise toast from loading into error', async () => {
    render(<Toaster />);
    const work = Promise.reject(new Error('disk full'));
    show(() => {
      toast.promise(work, {
        loading: 'Uploading',
        success: 'Uploaded',
        error: (error) => `Upload failed: ${(error as Error).message}`,
      });
    });
    await act(async () => {
      await work.catch(() => undefined);
    });
    act(() => {
      vi.advanceTimersByTime(0);
    });
    expect(toastOf('Upload failed: disk full')).toHaveAttribute('data-type', 'error');
  });
});

describe('EditorToaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    act(() => {
      toast.dismiss();
      vi.runOnlyPendingTimers();
    });
    vi.useRealTimers();
  });

  it('shows editor toasts bottom-centre and leaves app toasts to the app toaster', () => {
    render(
      <>
        <Toaster />
        <EditorToaster />
      </>,
    );
    show(() => {
      toast.info('Crop applied', { editor: true });
      toast.info('Signed in');
    });
    expect(toasterOf('Crop applied')).toHaveAttribute('data-x-position', 'center');
    expect(toasterOf('Crop applied')).toHaveAttribute('data-y-position', 'bottom');
    expect(toasterOf('Signed in')).toHaveAttribute('data-x-position', 'right');
  });

  it('closes editor toasts after 3000 ms', () => {
    render(<EditorToaster />);
    show(() => {
      toast.success('Crop applied', { editor: true });
    });
    act(() => {
      vi.advanceTimersByTime(2990);
    });
    expect(toastOf('Crop applied')).toHaveAttribute('data-removed', 'false');
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(toastOf('Crop applied')).toHaveAttribute('data-removed', 'true');
  });

  it('keeps a danger toast for 5000 ms', () => {
    render(<EditorToaster />);
    show(() => {
      toast.danger('Please restore objects before changing modes');
    });
    const text = 'Please restore objects before changing modes';
    expect(toastOf(text)).toHaveAttribute('data-type', 'error');
    act(() => {
      vi.advanceTimersByTime(4990);
    });
    expect(toastOf(text)).toHaveAttribute('data-removed', 'false');
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(toastOf(text)).toHaveAttribute('data-removed', 'true');
  });
});
