import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollLine } from './ScrollLine';

// jsdom lays nothing out: the widths a browser would measure are given here.
function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ScrollLine', () => {
  it('joins the tab order when its content is wider than its box, so the keyboard can scroll it', () => {
    widths(900, 300);
    render(<ScrollLine className="x">a very long answer</ScrollLine>);
    expect(screen.getByText('a very long answer')).toHaveAttribute('tabindex', '0');
  });

  it('stays out of the tab order when its content fits', () => {
    widths(300, 300);
    render(
      <dl>
        <ScrollLine as="dd" className="x">
          short
        </ScrollLine>
      </dl>,
    );
    const line = screen.getByText('short');
    expect(line.tagName).toBe('DD');
    expect(line).not.toHaveAttribute('tabindex');
  });

  it('renders KaTeX output given as html', () => {
    widths(900, 300);
    const { container } = render(<ScrollLine as="span" className="math-display" html="<b>x</b>" />);
    const line = container.querySelector('span.math-display');
    expect(line?.innerHTML).toBe('<b>x</b>');
    expect(line).toHaveAttribute('tabindex', '0');
  });
});
