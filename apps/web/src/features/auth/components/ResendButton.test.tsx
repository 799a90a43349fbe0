import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResendOutcome } from '../hooks/use-resend-countdown';
import { ResendButton } from './ResendButton';

/** A `send` the test settles by hand. */
function deferred() {
  let settle!: (outcome: ResendOutcome) => void;
  const send = vi.fn(() => new Promise<ResendOutcome>((resolve) => (settle = resolve)));
  return { send, settle: (outcome: ResendOutcome) => act(async () => settle(outcome)) };
}
const button = () => screen.getByRole('button');
const tick = (seconds: number) => act(async () => void vi.advanceTimersByTime(seconds * 1000));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Resend (docs/product.md#resend-cooldown)', () => {
  it('enabled at first; disabled as soon as it is clicked; no countdown until the server answered', async () => {
    const { send, settle } = deferred();
    render(<ResendButton send={send} />);
    expect(button()).toHaveTextContent('Resend');
    expect(button()).toBeEnabled();

    fireEvent.click(button());
    expect(send).toHaveBeenCalledTimes(1);
    expect(button()).toBeDisabled();
    expect(button()).toHaveTextContent('Resend in 1:00');
    await tick(5);
    expect(button()).toHaveTextContent('Resend in 1:00');

    await settle({ ok: true });
    expect(button()).toHaveTextContent('Resend in 1:00');
    await tick(1);
    expect(button()).toHaveTextContent('Resend in 0:59');
    await tick(49);
    expect(button()).toHaveTextContent('Resend in 0:10');
    expect(button()).toBeDisabled();
    await tick(10);
    expect(button()).toHaveTextContent(/^Resend$/);
    expect(button()).toBeEnabled();
  });

  it("after a refusal with Retry-After it counts down the server's wait", async () => {
    const { send, settle } = deferred();
    render(<ResendButton send={send} />);
    fireEvent.click(button());
    await settle({ ok: false, retryAfter: 42 });
    expect(button()).toHaveTextContent('Resend in 0:42');
    await tick(42);
    expect(button()).toBeEnabled();
  });

  it('a daily cap (a wait of hours) reads as hours, minutes and seconds', async () => {
    const { send, settle } = deferred();
    render(<ResendButton send={send} />);
    fireEvent.click(button());
    await settle({ ok: false, retryAfter: 23 * 3600 + 54 * 60 + 5 });
    expect(button()).toHaveTextContent('Resend in 23:54:05');
    await tick(23 * 3600 + 53 * 60 + 10);
    expect(button()).toHaveTextContent('Resend in 0:55');
  });

  it('after any other failure (the toast says why) it can be tried again', async () => {
    const { send, settle } = deferred();
    render(<ResendButton send={send} />);
    fireEvent.click(button());
    expect(button()).toBeDisabled();
    await settle({ ok: false });
    expect(button()).toHaveTextContent(/^Resend$/);
    expect(button()).toBeEnabled();
  });
});
