import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Cloud, Folder, Globe } from 'lucide-react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CardRadioGroup, type CardRadioOption } from './card-radio-group.tsx';

const sources: CardRadioOption[] = [
  { label: 'Amazon S3', value: 's3', icon: Cloud },
  { label: 'Web Folder', value: 'webfolder', icon: Folder, tooltip: 'Any public web server.' },
  { label: 'Web Proxy', value: 'webproxy', icon: Globe },
  { label: 'Azure', value: 'azure', disabled: true },
];

function Harness({
  initial = null,
  webproxyAccess,
  onChange,
}: {
  initial?: string | null;
  webproxyAccess?: boolean;
  onChange?: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <CardRadioGroup
      label="Source type"
      options={sources}
      value={value}
      webproxyAccess={webproxyAccess}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const radio = (name: string) => screen.getByRole('radio', { name });

describe('CardRadioGroup', () => {
  it('is a labelled radio group of cards', () => {
    render(<Harness initial="s3" />);
    expect(screen.getByRole('radiogroup', { name: 'Source type' })).toBeInTheDocument();
    expect(radio('Amazon S3')).toHaveAttribute('aria-checked', 'true');
    expect(radio('Web Folder')).toHaveAttribute('aria-checked', 'false');
  });

  it('shows the webproxy option with webproxy access', () => {
    render(<Harness webproxyAccess />);
    expect(radio('Web Proxy')).toBeInTheDocument();
  });

  it('hides the webproxy option without webproxy access', () => {
    render(<Harness webproxyAccess={false} />);
    expect(screen.queryByRole('radio', { name: 'Web Proxy' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('selects a card on click', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(radio('Web Folder'));
    expect(onChange).toHaveBeenCalledWith('webfolder');
    expect(radio('Web Folder')).toHaveAttribute('aria-checked', 'true');
  });

  it('ignores a disabled card', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    expect(radio('Azure')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(radio('Azure'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('has one tab stop, on the checked card', async () => {
    render(<Harness initial="webfolder" />);
    await userEvent.tab();
    expect(radio('Web Folder')).toHaveFocus();
    await userEvent.tab();
    // Focus moves on to the tooltip icon rather than to another card.
    expect(screen.getByRole('button', { name: 'About Web Folder' })).toHaveFocus();
  });

  it('moves and selects with the arrow keys, wrapping and skipping disabled cards', async () => {
    render(<Harness initial="s3" />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    expect(radio('Web Folder')).toHaveFocus();
    expect(radio('Web Folder')).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(radio('Amazon S3')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(radio('Web Proxy')).toHaveAttribute('aria-checked', 'true');
  });

  it('offers each card tooltip on its info icon', async () => {
    render(<Harness />);
    await userEvent.hover(screen.getByRole('button', { name: 'About Web Folder' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Any public web server.');
  });

  it('keeps a card link outside the radio: following it selects nothing', async () => {
    const onChange = vi.fn();
    const withLinks: CardRadioOption[] = [
      {
        label: 'Amazon S3',
        value: 's3',
        link: { href: 'https://s3.example/', text: 'Docs', label: 'Amazon S3 docs' },
      },
      {
        label: 'Azure',
        value: 'azure',
        link: { href: 'https://azure.example/', text: 'Docs', label: 'Azure docs' },
      },
    ];
    render(
      <CardRadioGroup label="Source type" options={withLinks} value="s3" onChange={onChange} />,
    );
    const docs = screen.getByRole('link', { name: 'Amazon S3 docs' });
    expect(docs).toHaveAttribute('href', 'https://s3.example/');
    expect(radio('Amazon S3')).not.toContainElement(docs);
    expect(radio('Amazon S3')).toHaveAccessibleName('Amazon S3');

    await userEvent.click(screen.getByRole('link', { name: 'Azure docs' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(radio('Azure')).toHaveAttribute('aria-checked', 'false');

    // The arrow keys go from card to card; Tab reaches the links after the checked card.
    radio('Amazon S3').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(radio('Azure')).toHaveFocus();
    expect(onChange).toHaveBeenCalledWith('azure');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Azure docs' })).toHaveFocus();
  });
});
