import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useShownAfterPaint } from './use-shown-after-paint';

function Part({ ready }: { ready: boolean }) {
  return <p>{useShownAfterPaint(ready) ? 'shown' : 'not yet'}</p>;
}

const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await act(() => vi.advanceTimersByTimeAsync(17));
};

describe('useShownAfterPaint', () => {
  it('waits for ready, then shows after the next drawn frame, and stays shown', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout'] });
    try {
      const { rerender } = render(<Part ready={false} />);
      await frames(4);
      expect(screen.getByText('not yet')).toBeInTheDocument();
      rerender(<Part ready />);
      expect(screen.getByText('not yet')).toBeInTheDocument();
      await frames(2);
      expect(screen.getByText('shown')).toBeInTheDocument();
      rerender(<Part ready={false} />);
      expect(screen.getByText('shown')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
