import { render, screen } from '@testing-library/react';
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

  it('shows nothing before there are two attempts to compare', () => {
    const { container } = render(<ScoreTrend percentages={[40]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
