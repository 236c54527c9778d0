import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ParameterCombobox } from './parameter-combobox.tsx';

describe('the parameter combobox', () => {
  it('suggests catalogue names as they are typed and takes one by keyboard', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<ParameterCombobox onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Add a parameter' });
    await user.click(input);
    await user.keyboard('bl');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('blur · gaussian blur');
    expect(options[0]).toHaveTextContent('an integer (0 to 2000 suggested)');
    expect(options[1]).toHaveTextContent('blend · blend');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]?.id);

    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ name: 'blur' }));
    expect(input).toHaveValue('');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('finds a parameter by its alias and closes on Escape', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    render(<ParameterCombobox onPick={onPick} />);
    await user.click(screen.getByRole('combobox', { name: 'Add a parameter' }));
    await user.keyboard('width');
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('w · image width');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
  });
});
