import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRevealedCount } from './use-revealed-count';

function List({ total, step, tab }: { total: number; step: number; tab: string }) {
  const count = useRevealedCount(total, step, tab);
  return <p>{`${tab}: ${count} of ${total}`}</p>;
}

/** Lets the pending animation frames (two per step) run. */
async function frames(n: number) {
  for (let i = 0; i < n; i++) await act(() => vi.advanceTimersByTimeAsync(17));
}

describe('useRevealedCount', () => {
  it('renders a step at first and a step more after each drawn frame, up to the total', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] });
    try {
      render(<List total={5} step={2} tab="a" />);
      expect(screen.getByText('a: 2 of 5')).toBeInTheDocument();
      await frames(2);
      expect(screen.getByText('a: 4 of 5')).toBeInTheDocument();
      await frames(2);
      expect(screen.getByText('a: 5 of 5')).toBeInTheDocument();
      await frames(6);
      expect(screen.getByText('a: 5 of 5')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts over for a new key, in the same render', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] });
    try {
      const { rerender } = render(<List total={6} step={3} tab="a" />);
      await frames(2);
      expect(screen.getByText('a: 6 of 6')).toBeInTheDocument();
      rerender(<List total={6} step={3} tab="b" />);
      expect(screen.getByText('b: 3 of 6')).toBeInTheDocument();
      await frames(2);
      expect(screen.getByText('b: 6 of 6')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never reports more than there are', () => {
    render(<List total={1} step={4} tab="a" />);
    expect(screen.getByText('a: 1 of 1')).toBeInTheDocument();
  });
});
