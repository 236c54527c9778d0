import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Select } from './select.tsx';
import type { Option } from './virtual-listbox.tsx';

const sources: Option[] = Array.from({ length: 1000 }, (_, i) => ({
  value: `source-${i}`,
  label: `Source ${String(i).padStart(4, '0')}`,
  disabled: i === 1,
}));

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Select
        label="Source"
        options={sources}
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

const combobox = () => screen.getByRole('combobox', { name: 'Source' });
const activeOption = () => {
  const id = combobox().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('Select over a long list of keyed options', () => {
  // jsdom lays nothing out; give the list the height a browser would so the virtualiser has a
  // window to fill.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(320);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('starts closed, with no selection', () => {
    render(<Harness />);
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveAttribute('data-state', 'closed');
    expect(combobox()).toHaveTextContent('Select…');
  });

  it('renders only a window of a 1,000-row list', async () => {
    render(<Harness />);
    await userEvent.click(combobox());
    expect(combobox()).toHaveAttribute('data-state', 'open');
    const rendered = screen.getAllByRole('option');
    // 320 px shows 8 rows of 40 px; 12 more are rendered below as overscan.
    expect(rendered).toHaveLength(8 + 12);
    expect(rendered.at(-1)).toHaveTextContent('Source 0019');
    expect(rendered[0]).toHaveAttribute('aria-setsize', '1000');
    expect(rendered[0]).toHaveAttribute('aria-posinset', '1');
  });

  it('moves the active option with the keyboard, skipping a disabled row', async () => {
    render(<Harness />);
    combobox().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Source 0000');
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Source 0002');
    expect(activeOption()).toHaveAttribute('data-active', 'true');
  });

  it('reaches the last of 1,000 rows with End and selects it with Enter', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    combobox().focus();
    await userEvent.keyboard('{ArrowDown}{End}');
    expect(activeOption()).toHaveTextContent('Source 0999');
    expect(activeOption()).toHaveAttribute('aria-posinset', '1000');
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('source-999');
    expect(combobox()).toHaveTextContent('Source 0999');
    expect(combobox()).toHaveAttribute('data-state', 'closed');
  });

  it('reopens on the selected option', async () => {
    render(<Harness />);
    combobox().focus();
    await userEvent.keyboard('{ArrowDown}{PageDown}{Enter}');
    expect(combobox()).toHaveTextContent('Source 0010');
    await userEvent.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('Source 0010');
    expect(activeOption()).toHaveAttribute('aria-selected', 'true');
  });

  it('selects with a click and closes on Escape or a click outside', async () => {
    render(<Harness />);
    await userEvent.click(combobox());
    await userEvent.click(screen.getByRole('option', { name: 'Source 0003' }));
    expect(combobox()).toHaveTextContent('Source 0003');

    await userEvent.click(combobox());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await userEvent.click(combobox());
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('Select over a short list', () => {
  const periods: Option[] = [
    { value: 'last_7_days', label: 'Last 7 days' },
    { value: 'last_30_days', label: 'Last 30 days' },
  ];

  it('renders every option, with no layout to measure', async () => {
    render(<Select label="Period" options={periods} value="last_30_days" onChange={() => {}} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Period' }));
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getByRole('option', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('focuses the trigger when its label is clicked', async () => {
    render(<Select label="Period" options={periods} value={null} onChange={() => {}} />);
    await userEvent.click(screen.getByText('Period'));
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveFocus();
  });

  it('shows the placeholder for an unknown value, but an unlisted label as itself', () => {
    render(
      <>
        <Select label="Period" options={periods} value="deleted" onChange={() => {}} />
        <Select label="Format" options={[{ label: 'jpg' }]} value="jp2" onChange={() => {}} />
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Select…');
    expect(screen.getByRole('combobox', { name: 'Format' })).toHaveTextContent('jp2');
  });
});
