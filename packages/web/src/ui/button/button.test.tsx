import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

describe('Button', () => {
  it("is labelled 'submit' when given no label", () => {
    render(<Button />);
    expect(screen.getByRole('button', { name: 'submit' })).toBeInTheDocument();
  });

  it('submits the form it sits in', async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Save</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('does not submit when it is a plain button', async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="button">Cancel</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a spinner, reports itself busy and ignores clicks while working', async () => {
    const onClick = vi.fn();
    const { container } = render(
      <Button working onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('[data-spinner]')).toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows no spinner and is enabled when idle', () => {
    const { container } = render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy');
    expect(container.querySelector('[data-spinner]')).not.toBeInTheDocument();
  });

  it('paints the orange colour option in the brand colour', () => {
    render(
      <Button color="orange" type="button">
        Upgrade
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Upgrade' })).toHaveClass('bg-brand-600');
  });

  it('turns light on dark surfaces so it stays readable', () => {
    render(
      <>
        <Button type="button">On light</Button>
        <Button type="button" surface="dark">
          On dark
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'On light' })).toHaveClass('bg-zinc-900');
    expect(screen.getByRole('button', { name: 'On dark' })).toHaveClass(
      'bg-white',
      'text-zinc-900',
    );
    expect(screen.getByRole('button', { name: 'On dark' })).not.toHaveClass('bg-zinc-900');
  });
});
