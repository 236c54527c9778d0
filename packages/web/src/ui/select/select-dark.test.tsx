import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Crop } from 'lucide-react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListItem } from './listbox.utils.ts';
import { Select } from './select.tsx';

const formats: ListItem[] = [
  { label: 'avif' },
  { label: 'gif', disabled: true },
  { label: 'jpg' },
  { label: 'png' },
  { label: 'webp' },
];

function Harness({
  initial = null,
  disabled,
  onChange,
}: {
  initial?: string | null;
  disabled?: boolean;
  onChange?: (item: ListItem) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Select
        tone="dark"
        label="Output format"
        icon={Crop}
        options={formats}
        value={value}
        disabled={disabled}
        onChange={(label, item) => {
          setValue(label);
          onChange?.(item);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Output format' });
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('Select in the dark tone, over options compared by label', () => {
  it('is a labelled, closed combobox showing the selected label', () => {
    render(<Harness initial="jpg" />);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveAttribute('aria-haspopup', 'listbox');
    expect(combobox()).toHaveTextContent('jpg');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens on click and marks the selected option, compared by label', async () => {
    render(<Harness initial="png" />);
    await userEvent.click(combobox());
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox', { name: 'Output format' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'png' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'jpg' })).toHaveAttribute('aria-selected', 'false');
    expect(activeOption()).toHaveTextContent('png');
  });

  it('selects an option on click and closes', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(combobox());
    await userEvent.click(screen.getByRole('option', { name: 'webp' }));
    expect(onChange).toHaveBeenCalledWith({ label: 'webp' });
    expect(combobox()).toHaveTextContent('webp');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox()).toHaveFocus();
  });

  it('ignores clicks on a disabled option', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(combobox());
    const gif = screen.getByRole('option', { name: 'gif' });
    expect(gif).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(gif);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('closes on Escape without changing the selection', async () => {
    render(<Harness initial="jpg" />);
    await userEvent.click(combobox());
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox()).toHaveTextContent('jpg');
  });

  it('closes on a click outside', async () => {
    render(<Harness />);
    await userEvent.click(combobox());
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('is operated with the arrow keys, skipping disabled options, and Enter', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    combobox().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('avif');
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('jpg');
    await userEvent.keyboard('{ArrowUp}');
    expect(activeOption()).toHaveTextContent('avif');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ label: 'jpg' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('jumps with Home and End and selects with Space', async () => {
    render(<Harness />);
    combobox().focus();
    await userEvent.keyboard('{End}');
    expect(activeOption()).toHaveTextContent('webp');
    await userEvent.keyboard('{Home}');
    expect(activeOption()).toHaveTextContent('avif');
    await userEvent.keyboard('{End}[Space]');
    expect(combobox()).toHaveTextContent('webp');
  });

  it('moves to the option typed', async () => {
    render(<Harness />);
    combobox().focus();
    await userEvent.keyboard('p');
    expect(combobox()).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toHaveTextContent('png');
    await userEvent.keyboard('w');
    // "pw" matches nothing, so the active option stays.
    expect(activeOption()).toHaveTextContent('png');
  });

  it('cannot be focused or opened while disabled', async () => {
    render(<Harness disabled initial="jpg" />);
    expect(combobox()).toBeDisabled();
    await userEvent.click(combobox());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(combobox()).not.toHaveFocus();
  });

  it('keeps a surrounding dialog open when Escape closes the list', async () => {
    const onDialogKey = vi.fn();
    render(
      <div onKeyDown={(event) => onDialogKey(event.key)}>
        <Harness />
      </div>,
    );
    await userEvent.click(combobox());
    await userEvent.keyboard('{Escape}');
    expect(onDialogKey).not.toHaveBeenCalledWith('Escape');
  });
});
