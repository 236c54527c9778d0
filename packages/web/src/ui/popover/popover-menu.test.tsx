import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopoverMenu } from './popover-menu.tsx';

function renderMenu(onSelect = vi.fn()) {
  render(
    <>
      <PopoverMenu
        label="Asset actions"
        items={[
          { label: 'Rename', onSelect: () => onSelect('rename') },
          { label: 'Move', onSelect: () => onSelect('move'), disabled: true },
          { label: 'Download', onSelect: () => onSelect('download') },
          { label: 'Delete', onSelect: () => onSelect('delete'), danger: true },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  return onSelect;
}

const trigger = () => screen.getByRole('button', { name: /asset actions/i });

describe('PopoverMenu', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces a closed menu behind its button', () => {
    renderMenu();
    expect(trigger()).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on its button', async () => {
    renderMenu();
    await userEvent.click(trigger());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Rename',
      'Move',
      'Download',
      'Delete',
    ]);
  });

  it('closes 700 ms after a click inside', () => {
    vi.useFakeTimers();
    const onSelect = renderMenu();
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('menuitem', { name: 'Download' }));
    expect(onSelect).toHaveBeenCalledWith('download');
    act(() => {
      vi.advanceTimersByTime(690);
    });
    expect(screen.getByRole('menu')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    renderMenu();
    await userEvent.click(trigger());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger()).toHaveFocus());
  });

  it('closes on a click outside', async () => {
    renderMenu();
    await userEvent.click(trigger());
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('is operated with the keyboard, skipping disabled items', async () => {
    const onSelect = renderMenu();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    // Opening from the keyboard puts focus on the first item.
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Download' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('delete');
  });

  it('jumps to an item by its first letter', async () => {
    renderMenu();
    await userEvent.click(trigger());
    await userEvent.keyboard('d');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Download' })).toHaveFocus());
  });
});
