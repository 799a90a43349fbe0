import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount((c) => c + 1)}>Clicked {count}</button>;
}

const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>Loading screen</p>}>{node}</Suspense>;

describe('lazyScreen', () => {
  it('renders a screen whose code has arrived at once, without its loading fallback', async () => {
    const { Screen, load } = lazyScreen(() => Promise.resolve({ default: Counter }));
    await load();
    render(inSuspense(<Screen />));
    // Synchronously: no spinner first (React would hold the screen back behind it for 300 ms).
    expect(screen.getByRole('button', { name: 'Clicked 0' })).toBeTruthy();
    expect(screen.queryByText('Loading screen')).toBeNull();
  });

  it('shows the fallback while the code is still on its way, then the screen', async () => {
    let arrive: (m: { default: typeof Counter }) => void = () => undefined;
    const { Screen } = lazyScreen(() => new Promise<{ default: typeof Counter }>((r) => (arrive = r)));
    render(inSuspense(<Screen />));
    expect(screen.getByText('Loading screen')).toBeTruthy();
    await act(async () => arrive({ default: Counter }));
    expect(await screen.findByRole('button', { name: 'Clicked 0' })).toBeTruthy();
  });

  it('keeps a screen mounted through re-renders after its code arrives (its state survives)', async () => {
    let arrive: (m: { default: typeof Counter }) => void = () => undefined;
    const { Screen } = lazyScreen(() => new Promise<{ default: typeof Counter }>((r) => (arrive = r)));
    const { rerender } = render(inSuspense(<Screen />));
    await act(async () => arrive({ default: Counter }));
    const button = await screen.findByRole('button', { name: 'Clicked 0' });
    act(() => button.click());
    rerender(inSuspense(<Screen />));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
  });

  it('downloads the code once, and again after a failed download', async () => {
    let calls = 0;
    const { load } = lazyScreen(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Counter });
    });
    await expect(load()).rejects.toThrow('offline');
    await load();
    await load();
    expect(calls).toBe(2);
  });
});
