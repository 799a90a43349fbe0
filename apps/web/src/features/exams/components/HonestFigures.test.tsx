import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PerformanceStatus } from './PerformanceStatus';
import { StatTile } from './StatTile';

describe('figures that never mislead', () => {
  it("with no attempts the status says 'No attempts yet', not 'Average'", () => {
    render(<PerformanceStatus averageScore={0} attempts={0} />);
    expect(screen.getByText('No attempts yet')).toBeInTheDocument();
    expect(screen.queryByText('Average')).not.toBeInTheDocument();
  });

  it('a negative average is explained beside it', () => {
    render(<PerformanceStatus averageScore={-12.5} attempts={2} />);
    expect(screen.getByText('Average')).toBeInTheDocument();
    expect(screen.getByText(/Below zero: wrong answers lose marks/)).toBeInTheDocument();
  });

  it('a tile without a figure shows a dash, read as No attempts yet', () => {
    render(<StatTile label="Total Marks" value={null} />);
    expect(screen.getByText('Total Marks').nextElementSibling).toHaveTextContent('—No attempts yet');
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });
});
