import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { toastAdded } from '../../stores/toast-slice';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Toaster', () => {
  it('shows each toast as an alert with its kind told by an icon, and removes it after its duration', () => {
    const { store } = renderPage(<div>page</div>);
    act(() => {
      store.dispatch(toastAdded({ message: 'Invalid OTP', type: 'error', duration: 3000 }));
      store.dispatch(toastAdded({ message: 'Saved', type: 'success', duration: 6000 }));
    });
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Invalid OTP', 'Saved']);
    expect(alerts[0]!.querySelector('svg')).not.toBeNull();
    act(() => vi.advanceTimersByTime(3001));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Saved']);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes with its Close button and stays while the pointer is on it', () => {
    const { store } = renderPage(<div>page</div>);
    act(() => {
      store.dispatch(toastAdded({ message: 'Hold me', duration: 1000 }));
      store.dispatch(toastAdded({ message: 'Close me', duration: 60_000 }));
    });
    const hold = screen.getByText('Hold me').closest('[role="alert"]')!;
    fireEvent.mouseEnter(hold);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('Hold me')).toBeTruthy();
    fireEvent.mouseLeave(hold);
    act(() => vi.advanceTimersByTime(1001));
    expect(screen.queryByText('Hold me')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
