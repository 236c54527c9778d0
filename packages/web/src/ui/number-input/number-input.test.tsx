import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { NumberInput, type NumberInputProps } from './number-input.tsx';

type HarnessProps = Omit<NumberInputProps, 'label' | 'value' | 'onChange'> & {
  initial?: number;
  onChange?: (value: number) => void;
};

function Harness({ initial = 100, onChange, ...rules }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <NumberInput
        label="Width"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
        {...rules}
      />
      <output aria-label="committed">{value}</output>
    </>
  );
}

const field = () => screen.getByRole('spinbutton', { name: 'Width' });
const committed = () => screen.getByLabelText('committed');

describe('NumberInput', () => {
  it('commits a typed value on blur', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} range={[1, 9999]} digitLength={5} />);
    await userEvent.clear(field());
    await userEvent.type(field(), '640');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledWith(640);
    expect(committed()).toHaveTextContent('640');
  });

  it('commits a typed value on Enter', async () => {
    render(<Harness range={[1, 9999]} />);
    await userEvent.clear(field());
    await userEvent.type(field(), '320{Enter}');
    expect(committed()).toHaveTextContent('320');
    expect(field()).toHaveFocus();
  });

  it('keeps the previous value when a keystroke goes above the maximum of 999', async () => {
    render(<Harness />);
    await userEvent.clear(field());
    await userEvent.type(field(), '1000');
    expect(field()).toHaveValue('100');
  });

  it('allows up to 9999 in a 5-digit field', async () => {
    render(<Harness digitLength={5} />);
    await userEvent.clear(field());
    await userEvent.type(field(), '99999');
    expect(field()).toHaveValue('9999');
  });

  it('uses the end of the range as the maximum', async () => {
    render(<Harness range={[1, 50]} digitLength={5} />);
    await userEvent.clear(field());
    await userEvent.type(field(), '51');
    expect(field()).toHaveValue('5');
    expect(field()).toHaveAttribute('aria-valuemax', '50');
    expect(field()).toHaveAttribute('aria-valuemin', '1');
  });

  it('rejects a value below the range minimum on commit and restores the prior value', async () => {
    const onChange = vi.fn();
    render(<Harness initial={40} range={[10, 100]} onChange={onChange} />);
    await userEvent.clear(field());
    await userEvent.type(field(), '5');
    await userEvent.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(field()).toHaveValue('40');
  });

  it('resets an emptied field to the prior value on commit', async () => {
    const onChange = vi.fn();
    render(<Harness initial={250} range={[1, 9999]} onChange={onChange} />);
    await userEvent.clear(field());
    expect(field()).toHaveValue('');
    await userEvent.tab();
    expect(field()).toHaveValue('250');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('cuts off digits beyond the digit length', async () => {
    render(<Harness digitLength={2} />);
    await userEvent.clear(field());
    await userEvent.type(field(), '123');
    expect(field()).toHaveValue('12');
  });

  it('rounds long decimals to 2 places', async () => {
    render(<Harness initial={1} decimals digitLength={3} />);
    await userEvent.clear(field());
    await userEvent.type(field(), '1.2344');
    expect(field()).toHaveValue('1.23');
    // Each keystroke past the limit rounds again: 1.23 then 5 reads 1.235, which rounds up.
    await userEvent.type(field(), '5');
    expect(field()).toHaveValue('1.24');
    await userEvent.tab();
    expect(committed()).toHaveTextContent('1.24');
  });

  it('steps by 1 with the arrow keys', async () => {
    render(<Harness initial={10} />);
    await userEvent.click(field());
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(field()).toHaveValue('12');
    await userEvent.keyboard('{ArrowDown}');
    expect(field()).toHaveValue('11');
    await userEvent.tab();
    expect(committed()).toHaveTextContent('11');
  });

  it('steps by the given step and stops at the bounds', async () => {
    render(<Harness initial={90} range={[0, 100]} step={25} />);
    await userEvent.click(field());
    await userEvent.keyboard('{ArrowUp}');
    expect(field()).toHaveValue('100');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(field()).toHaveValue('0');
  });

  it('shows a new value from its owner', () => {
    const { rerender } = render(<NumberInput label="Width" value={10} onChange={() => {}} />);
    rerender(<NumberInput label="Width" value={20} onChange={() => {}} />);
    expect(field()).toHaveValue('20');
    expect(field()).toHaveAttribute('aria-valuenow', '20');
  });

  it('cannot be edited while disabled', () => {
    render(<NumberInput label="Width" value={10} onChange={() => {}} disabled />);
    expect(field()).toBeDisabled();
  });
});
