import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTransitionedValue } from './use-transitioned-value';

function Show({ value, log }: { value: string | undefined; log: string[] }) {
  const shown = useTransitionedValue(value);
  log.push(`${value ?? '-'}/${shown ?? '-'}`);
  return <p>{`shown ${shown ?? 'nothing'}`}</p>;
}

/** The renders' (value/shown) pairs, without React's repeated renders of the same pair. */
const distinct = (log: string[]) => log.filter((entry, i) => entry !== log[i - 1]);

describe('useTransitionedValue', () => {
  it('shows the value present at mount in a render after the first, never in it', () => {
    const log: string[] = [];
    render(<Show value="a" log={log} />);
    expect(screen.getByText('shown a')).toBeInTheDocument();
    expect(distinct(log)).toEqual(['a/-', 'a/a']);
  });

  it('shows a new value in a render after the update that brought it, never before', () => {
    const log: string[] = [];
    const { rerender } = render(<Show value={undefined} log={log} />);
    rerender(<Show value="b" log={log} />);
    expect(screen.getByText('shown b')).toBeInTheDocument();
    expect(distinct(log)).toEqual(['-/-', 'b/-', 'b/b']);
  });
});
