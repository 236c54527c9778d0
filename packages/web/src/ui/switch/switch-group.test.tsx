import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SwitchGroup } from './switch-group.tsx';

function Location() {
  const { search } = useLocation();
  return <output aria-label="search">{decodeURIComponent(search)}</output>;
}

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <SwitchGroup
        legend="Auto"
        param="auto"
        options={[
          { label: 'Format', value: 'format' },
          { label: 'Compress', value: 'compress' },
          { label: 'Enhance', value: 'enhance' },
          { label: 'Red eye', value: 'redeye', disabled: true },
        ]}
      />
      <Location />
    </MemoryRouter>,
  );
}

const search = () => screen.getByLabelText('search');
const toggle = (name: string) => userEvent.click(screen.getByRole('switch', { name }));

describe('SwitchGroup', () => {
  it('reads its state from the query parameter', () => {
    renderAt('/editor?auto=compress,enhance');
    expect(screen.getByRole('group', { name: 'Auto' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Format' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Compress' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enhance' })).toBeChecked();
  });

  it('appends a checked value to the list', async () => {
    renderAt('/editor?w=100&auto=compress');
    await toggle('Format');
    expect(search()).toHaveTextContent('?w=100&auto=compress,format');
  });

  it('creates the parameter for the first checked value', async () => {
    renderAt('/editor');
    await toggle('Enhance');
    expect(search()).toHaveTextContent('?auto=enhance');
  });

  it('removes an unchecked value from the list', async () => {
    renderAt('/editor?auto=format,compress,enhance');
    await toggle('Compress');
    expect(search()).toHaveTextContent('?auto=format,enhance');
  });

  it('deletes the parameter when the last value is unchecked', async () => {
    renderAt('/editor?w=100&auto=format');
    await toggle('Format');
    expect(search().textContent).toBe('?w=100');
  });

  it('leaves disabled options alone', async () => {
    renderAt('/editor?auto=format');
    expect(screen.getByRole('switch', { name: 'Red eye' })).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Red eye' }));
    expect(search().textContent).toBe('?auto=format');
  });
});
