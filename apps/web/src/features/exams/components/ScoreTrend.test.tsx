import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ScoreTrend } from './ScoreTrend';

describe('ScoreTrend', () => {
  it('tells the last attempts in text, not by the line alone', () => {
    render(<ScoreTrend percentages={[50, 6.3, 75]} />);
    expect(screen.getByText('Score trend (last 3): 6.3% → 75%')).toBeInTheDocument();
    expect(screen.getByRole('figure')).toHaveAccessibleName(
      'Score trend over the last 3 attempts: 50%, 6.3%, 75%',
    );
  });

  it('lets the keyboard read each attempt: one tab stop, the arrows move, the figure shows', async () => {
    const user = userEvent.setup();
    render(<ScoreTrend percentages={[50, 6.3, 75]} />);
    await user.tab();
    expect(screen.getByRole('img', { name: 'Attempt 3 of 3: 75%' })).toHaveFocus();
    expect(screen.getByText('Attempt 3 of 3: 75%')).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('img', { name: 'Attempt 2 of 3: 6.3%' })).toHaveFocus();
    expect(screen.getByText('Attempt 2 of 3: 6.3%')).toBeVisible();
    await user.keyboard('{Home}');
    expect(screen.getByText('Attempt 1 of 3: 50%')).toBeVisible();
    await user.tab();
    expect(screen.queryByText(/^Attempt \d/)).not.toBeInTheDocument();
  });

  it('shows an attempt under the pointer or a tap', async () => {
    const user = userEvent.setup();
    render(<ScoreTrend percentages={[40, 60]} />);
    await user.hover(screen.getByRole('img', { name: 'Attempt 1 of 2: 40%' }));
    expect(screen.getByText('Attempt 1 of 2: 40%')).toBeVisible();
    await user.unhover(screen.getByRole('img', { name: 'Attempt 1 of 2: 40%' }));
    expect(screen.queryByText('Attempt 1 of 2: 40%')).not.toBeInTheDocument();
  });

  it('shows nothing before there are two attempts to compare', () => {
    const { container } = render(<ScoreTrend percentages={[40]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
