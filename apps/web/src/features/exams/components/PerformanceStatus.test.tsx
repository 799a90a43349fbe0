import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PerformanceStatus } from './PerformanceStatus';

describe('PerformanceStatus', () => {
  it('never shows a rising arrow for a learner losing marks', () => {
    const { unmount } = render(<PerformanceStatus averageScore={-2.5} />);
    expect(screen.getByText('Average')).toBeInTheDocument();
    expect(screen.queryByTestId('TrendingUpIcon')).not.toBeInTheDocument();
    expect(screen.getByTestId('TrendingDownIcon')).toBeInTheDocument();
    unmount();
    render(<PerformanceStatus averageScore={30} />);
    expect(screen.queryByTestId('TrendingUpIcon')).not.toBeInTheDocument();
    expect(screen.getByTestId('TrendingFlatIcon')).toBeInTheDocument();
  });

  it("is 'Good' with a check from 50", () => {
    render(<PerformanceStatus averageScore={50} />);
    expect(screen.getByText('Good')).toBeInTheDocument();
    expect(screen.getByTestId('CheckCircleOutlinedIcon')).toBeInTheDocument();
  });
});
