import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswerInput } from '../../features/quiz/components/AnswerInput';
import { MathText } from './MathText';
import { OptionText } from './OptionText';
import { TabList } from './TabList';
import { splitTables } from './tables';

// docs/import-format.md#maths-tables-and-lists: tables, matching lists and lettered options as a real
// paper prints them.
function widths(scrollWidth: number, clientWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
}
afterEach(() => {
  vi.restoreAllMocks();
});

const cellsOf = (table: HTMLElement) =>
  Array.from(table.querySelectorAll('tr'), (row) =>
    Array.from(row.querySelectorAll('td, th'), (cell) => cell.textContent),
  );

describe('tables in question text', () => {
  it('shows a Markdown pipe table as a table, maths in its cells, a | inside maths kept', () => {
    const text = [
      'Rate data:',
      '| [A] / M | rate |',
      '| --- | ---: |',
      '| 0.1 | $|x| = 2$ |',
      '| 0.2 | 4 \\| 5 |',
      'Find the order.',
    ].join('\n');
    const { container } = render(<MathText component="div" text={text} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['[A] / M', 'rate']);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(table.querySelector('tbody .katex')).not.toBeNull();
    expect(within(table).getByText('4 | 5')).toBeInTheDocument();
    expect(container.textContent).toContain('Rate data:');
    expect(container.textContent).toContain('Find the order.');
    expect(container.textContent).not.toContain('---');
  });

  it('shows a LaTeX tabular as a table: no \\hline, \\textbf or & left as source', () => {
    const text =
      'Match the lists. \\begin{tabular}{|c|c|}\\hline \\textbf{List-I} & \\textbf{List-II} \\\\ \\hline (P) $x^2$ & (1) 2 \\\\ (Q) Speed & (2) m/s \\\\ \\hline\\end{tabular}';
    const { container } = render(<MathText component="div" text={text} />);
    const table = screen.getByRole('table');
    // Headed List-I: the matching-list layout.
    expect(table).toHaveClass('matching-list');
    expect(cellsOf(table).slice(1)).toEqual([
      [expect.stringContaining('(P)'), '(1) 2'],
      ['(Q) Speed', '(2) m/s'],
    ]);
    // A first row all in \textbf is the table's head.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['List-I', 'List-II']);
    expect(container.textContent).not.toMatch(/\\hline|\\textbf|\\begin|&/);
  });

  it('never renders HTML written in a cell', () => {
    render(<MathText text={'| a | b |\n|---|---|\n| <img src=x onerror=alert(1)> | <b>c</b> |'} />);
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('<b>c</b>')).toBeInTheDocument();
  });

  it('leaves text without a table as one run, and a lone | as text', () => {
    expect(splitTables('a | b')).toEqual([{ kind: 'text', value: 'a | b' }]);
  });

  it('scrolls a table wider than its box inside that box, with edge shadows, and lets the keyboard in', () => {
    widths(900, 300);
    render(<MathText text={'| a | b |\n|---|---|\n| 1 | 2 |'} />);
    const box = screen.getByRole('table').parentElement!;
    expect(box).toHaveClass('math-table-box', 'scroll-hint');
    expect(box).toHaveAttribute('tabindex', '0');
  });
});

describe('option letters and wide options', () => {
  it('letters options (A), (B)… in the order shown, the radio still named by the option alone', () => {
    render(
      <AnswerInput
        question={{
          questionText: 'Which?',
          options: ['$\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}$', 'Two'],
          questionType: 'single',
          subject: { id: 's', name: 'Maths' },
          passage: null,
        }}
        value={null}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('(A)')).toBeInTheDocument();
    expect(screen.getByText('(B)')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Two' })).toBeInTheDocument();
  });

  it('scrolls an option wider than its card inside its own line, with a visible hint', () => {
    widths(716, 300);
    const { container } = render(<OptionText index={2} text="$x_1 + x_2 + \dots + x_{100}$" />);
    const body = container.querySelector('.option-body')!;
    expect(body).toHaveClass('scroll-hint');
    expect(body).toHaveAttribute('tabindex', '0');
    expect(container.textContent).toMatch(/^\(C\)/);
  });
});

describe('subject tabs wider than their row', () => {
  it('scroll the chosen tab into view whole (the row shades an edge with more beyond it)', () => {
    const tabs = ['Physics', 'Chemistry', 'Mathematics'].map((name, i) => ({
      id: `t${i}`,
      label: `${name} (7)`,
      controls: `p${i}`,
    }));
    const { rerender } = render(<TabList label="Subjects" tabs={tabs} value={0} onChange={() => {}} />);
    const list = screen.getByRole('tablist');
    vi.spyOn(list, 'clientWidth', 'get').mockReturnValue(150);
    const last = screen.getByRole('tab', { name: 'Mathematics (7)' });
    vi.spyOn(last, 'offsetLeft', 'get').mockReturnValue(240);
    vi.spyOn(last, 'offsetWidth', 'get').mockReturnValue(120);
    rerender(<TabList label="Subjects" tabs={tabs} value={2} onChange={() => {}} />);
    expect(list.scrollLeft).toBe(210);
  });
});
