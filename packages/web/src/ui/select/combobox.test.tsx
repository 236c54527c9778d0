import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Combobox } from './combobox.tsx';
import type { Option } from './virtual-listbox.tsx';

const people: Option[] = Array.from({ length: 1000 }, (_, i) => ({
  value: `user-${i}`,
  label: `Person ${i}`,
}));
people.push({ value: 'ada', label: 'Ada Lovelace' }, { value: 'alan', label: 'Alan Turing' });
people.push({ value: 'grace', label: 'Grace Hopper', disabled: true });

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>('ada');
  return (
    <>
      <Combobox
        label="Owner"
        options={people}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Owner' });
const activeOption = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('Combobox', () => {
  // jsdom lays nothing out; give the list the height a browser would so the virtualiser has a
  // window to fill.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(320);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the selected label while closed', () => {
    render(<Harness />);
    expect(input()).toHaveValue('Ada Lovelace');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).toHaveAttribute('aria-autocomplete', 'list');
  });

  it('filters as you type and makes the first match active', async () => {
    render(<Harness />);
    await userEvent.clear(input());
    await userEvent.type(input(), 'tur');
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Alan Turing',
    ]);
    expect(activeOption()).toHaveTextContent('Alan Turing');
  });

  it('picks the active match with Enter', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.clear(input());
    await userEvent.type(input(), 'person 99{ArrowDown}{Enter}');
    // Matches are Person 99, Person 990..999; ArrowDown moves from the first to the second.
    expect(onChange).toHaveBeenCalledWith('user-990');
    expect(input()).toHaveValue('Person 990');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('virtualises the unfiltered list of 1,000 rows', async () => {
    render(<Harness />);
    await userEvent.click(input());
    const rendered = screen.getAllByRole('option');
    expect(rendered.length).toBeLessThan(100);
    expect(activeOption()).toHaveTextContent('Ada Lovelace');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');
  });

  it('skips disabled matches', async () => {
    render(<Harness />);
    await userEvent.clear(input());
    await userEvent.type(input(), 'grace');
    expect(screen.getByRole('option', { name: 'Grace Hopper' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(input()).not.toHaveAttribute('aria-activedescendant');
    await userEvent.keyboard('{Enter}');
    expect(input()).toHaveAttribute('aria-expanded', 'true');
  });

  it('says so when nothing matches', async () => {
    render(<Harness />);
    await userEvent.clear(input());
    await userEvent.type(input(), 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No matches');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('restores the selection on Escape and on leaving the field', async () => {
    render(<Harness />);
    await userEvent.clear(input());
    await userEvent.type(input(), 'alan');
    await userEvent.keyboard('{Escape}');
    expect(input()).toHaveValue('Ada Lovelace');
    expect(input()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.type(input(), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input()).toHaveValue('Ada Lovelace');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('selects an option clicked in the list', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Show Owner options' }));
    await userEvent.click(screen.getByRole('option', { name: 'Person 2' }));
    expect(input()).toHaveValue('Person 2');
    expect(input()).toHaveFocus();
  });
});
