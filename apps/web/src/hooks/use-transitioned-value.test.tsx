import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTransitionedValue } from './use-transitioned-value';

function Show({ value, log }: { value: string | undefined; log: string[] }) {
  const shown = useTransitionedValue(value);
  log.push(`${value ?? '-'}/${shown ?? '-'}`);
  return <p>{`shown ${shown ?? 'nothing'}`}</p>;
}

describe('useTransitionedValue', () => {
  it('returns the value present at mount at once', () => {
    render(<Show value="a" log={[]} />);
    expect(screen.getByText('shown a')).toBeInTheDocument();
  });

  it('shows a new value in a render after the update that brought it, never before', () => {
    const log: string[] = [];
    const { rerender } = render(<Show value={undefined} log={log} />);
    rerender(<Show value="b" log={log} />);
    expect(screen.getByText('shown b')).toBeInTheDocument();
    // The update's own render still had the old value; the transition after it, the new one.
    expect(log.filter((entry, i) => entry !== log[i - 1])).toEqual(['-/-', 'b/-', 'b/b']);
  });
});
