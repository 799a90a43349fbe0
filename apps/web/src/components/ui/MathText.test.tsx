import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MathText, parseMath } from './MathText';

describe('parseMath', () => {
  it('finds inline and display TeX with every delimiter', () => {
    expect(parseMath('If $x^2 = 4$ then \\(x = \\pm 2\\); $$E = mc^2$$ and \\[a+b\\]')).toEqual([
      { kind: 'text', value: 'If ' },
      { kind: 'math', value: 'x^2 = 4', display: false },
      { kind: 'text', value: ' then ' },
      { kind: 'math', value: 'x = \\pm 2', display: false },
      { kind: 'text', value: '; ' },
      { kind: 'math', value: 'E = mc^2', display: true },
      { kind: 'text', value: ' and ' },
      { kind: 'math', value: 'a+b', display: true },
    ]);
  });

  it('leaves money, escaped dollars and unclosed delimiters as text', () => {
    expect(parseMath('It costs $5 and $10.')).toEqual([{ kind: 'text', value: 'It costs $5 and $10.' }]);
    expect(parseMath('Price: \\$3')).toEqual([{ kind: 'text', value: 'Price: $3' }]);
    expect(parseMath('open $x^2 only')).toEqual([{ kind: 'text', value: 'open $x^2 only' }]);
  });
});

describe('MathText', () => {
  it('renders TeX with KaTeX (MathML included) and text as text', () => {
    const { container } = render(<MathText text={'Speed $v = \\frac{d}{t}$ <b>bold</b>'} />);
    expect(container.querySelector('.katex math')).not.toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>bold</b>');
  });

  it('shows a broken formula instead of throwing', () => {
    const { container } = render(<MathText text={'Bad $\\frac{1}$'} />);
    expect(container.querySelector('.katex-error')).not.toBeNull();
  });
});
