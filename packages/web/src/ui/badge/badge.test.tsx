import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BADGE_COLORS, Badge } from './badge.tsx';

describe('Badge', () => {
  it('offers the ten colours of the spec', () => {
    expect(BADGE_COLORS).toEqual([
      'default',
      'red',
      'yellow',
      'green',
      'blue',
      'purple',
      'slate',
      'black',
      'dark-default',
      'dark-blue',
    ]);
  });

  it('gives every colour its own look', () => {
    const looks = BADGE_COLORS.map((color) => {
      const { unmount } = render(<Badge color={color}>{color}</Badge>);
      const className = screen.getByText(color).className;
      unmount();
      return className;
    });
    expect(new Set(looks).size).toBe(BADGE_COLORS.length);
  });

  it('defaults to the default size and colour', () => {
    render(<Badge>New</Badge>);
    expect(screen.getByText('New')).toHaveAttribute('data-size', 'default');
    expect(screen.getByText('New')).toHaveAttribute('data-color', 'default');
  });

  it('is smaller in the small size', () => {
    render(
      <>
        <Badge>Big</Badge>
        <Badge size="small">Small</Badge>
      </>,
    );
    expect(screen.getByText('Big')).toHaveClass('text-xs');
    expect(screen.getByText('Small')).not.toHaveClass('text-xs');
    expect(screen.getByText('Small')).toHaveAttribute('data-size', 'small');
  });
});
