import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { parseFigures, withAltText } from './Figure';
import { MathText } from './MathText';

const SHA = 'ab'.repeat(32);

describe('figures in texts', () => {
  it('finds `![alt](media:<sha256>)` and leaves anything else as written', () => {
    expect(parseFigures(`See ![A circuit](media:${SHA}) here`)).toEqual([
      { kind: 'text', value: 'See ' },
      { kind: 'figure', alt: 'A circuit', sha256: SHA },
      { kind: 'text', value: ' here' },
    ]);
    expect(parseFigures('![x](media:1234) and ![y](https://example.com/a.png)')).toEqual([
      { kind: 'text', value: '![x](media:1234) and ![y](https://example.com/a.png)' },
    ]);
  });

  it('reads a text with figures by their alt text (an option’s accessible name)', () => {
    expect(withAltText(`![A convex lens](media:${SHA}) only`)).toBe('A convex lens only');
  });

  it('renders the figure from the media endpoint with its alt text, beside maths, and enlarges it in a labelled dialog', async () => {
    const user = userEvent.setup();
    render(<MathText text={`Find $R$ in ![A resistor network of three 2 Ω resistors](media:${SHA}).`} />);
    const image = screen.getByRole('img', { name: 'A resistor network of three 2 Ω resistors' });
    expect(image).toHaveAttribute('src', `/api/v1/media/${SHA}`);
    expect(image).toHaveClass('figure');
    expect(document.querySelector('.katex')).not.toBeNull();

    const enlarge = screen.getByRole('button', {
      name: 'Enlarge: A resistor network of three 2 Ω resistors',
    });
    enlarge.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'A resistor network of three 2 Ω resistors' });
    expect(
      within(dialog).getByRole('img', { name: 'A resistor network of three 2 Ω resistors' }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
