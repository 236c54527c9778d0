import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { OverlayProvider } from '../overlay/overlay-provider.tsx';
import { toast } from '../toast/toast.ts';
import { Toaster } from '../toast/toaster.tsx';
import GalleryPage from './gallery-page.tsx';

function renderGallery() {
  render(
    <MemoryRouter initialEntries={['/ui']}>
      <OverlayProvider>
        <GalleryPage />
        <Toaster />
      </OverlayProvider>
    </MemoryRouter>,
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe('GalleryPage', () => {
  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
  });

  it('has a section for every control', () => {
    renderGallery();
    expect(screen.getByRole('heading', { level: 1, name: 'Shared controls' })).toBeInTheDocument();
    for (const name of [
      'Toasts',
      'Global overlay',
      'Dark select',
      'Dropdown and combobox',
      'Number input',
      'Switches',
      'Tooltips and popover menu',
      'Badges',
      'Buttons',
      'Collapsible sections',
      'Card radio group and ratio lock',
      'Form',
    ]) {
      expect(section(name)).toBeInTheDocument();
    }
  });

  it('shows one of each control', () => {
    renderGallery();
    expect(screen.getByRole('combobox', { name: 'Output format' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Disabled' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Dropdown' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Combobox' })).toHaveValue('Source 42');
    expect(screen.getByRole('spinbutton', { name: 'Width, 5 digits, 1 to 9999' })).toHaveValue(
      '1200',
    );
    expect(screen.getByRole('switch', { name: 'On' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Disabled off' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Remove background' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Automatic' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tooltip on the right' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions' })).toHaveAttribute(
      'aria-haspopup',
      'menu',
    );
    expect(within(section('Badges')).getAllByText('dark-blue')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'submit' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Saving' })[0]).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Adjustments' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(
      screen.getByRole('radiogroup', { name: 'Source type (with webproxy access)' }),
    ).toHaveTextContent('Web Proxy');
    expect(
      screen.getByRole('radiogroup', { name: 'Source type (without webproxy access)' }),
    ).not.toHaveTextContent('Web Proxy');
    expect(screen.getByRole('checkbox', { name: 'Lock aspect ratio' })).toBeChecked();
    expect(screen.getByText('Premium')).toBeInTheDocument();
    expect(screen.getAllByText('Optional')).toHaveLength(1);
  });

  it('fires a toast from its button', async () => {
    renderGallery();
    await userEvent.click(screen.getByRole('button', { name: 'Success' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
  });

  it('opens the overlay modal from its button', async () => {
    renderGallery();
    await userEvent.click(screen.getByRole('button', { name: 'Attention modal' }));
    expect(await screen.findByRole('dialog', { name: 'Delete this source?' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('focuses the first invalid field of the demo form', async () => {
    renderGallery();
    await userEvent.click(screen.getByRole('button', { name: 'Save source' }));
    await waitFor(() => expect(screen.getByLabelText('Source name')).toHaveFocus());
  });
});
