import { OTP_RESEND_COOLDOWN_SECONDS } from '@ai-tutor/contract';
import { useCallback, useEffect, useState } from 'react';

export type ResendOutcome = { ok: true } | { ok: false; retryAfter?: number | undefined };

const twoDigits = (n: number) => String(n).padStart(2, '0');
/** "1:00", "0:09"; a wait of hours (a daily cap on codes) "23:54:05". */
export const formatCountdown = (seconds: number) =>
  seconds >= 3600
    ? `${Math.floor(seconds / 3600)}:${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)}`
    : `${Math.floor(seconds / 60)}:${twoDigits(seconds % 60)}`;

/**
 * Resend (docs/product.md#resend-cooldown): enabled at first; once clicked it is disabled and reads 'Resend in m:ss'. The
 * 60-second countdown starts only after a successful resend; at zero the button is enabled again. A
 * refusal with Retry-After (429) counts down the server's wait instead; any other failure re-enables it
 * (the error toast says why).
 */
export function useResendCountdown(cooldownSeconds = OTP_RESEND_COOLDOWN_SECONDS) {
  const [sending, setSending] = useState(false);
  // A deadline, not a counter of ticks: a throttled background tab still shows the right time.
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) setEndsAt(null);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const resend = useCallback(
    async (send: () => Promise<ResendOutcome>) => {
      setSending(true);
      try {
        const outcome = await send();
        const seconds = outcome.ok ? cooldownSeconds : Math.ceil(outcome.retryAfter ?? 0);
        const at = Date.now();
        setNow(at);
        setEndsAt(seconds > 0 ? at + seconds * 1000 : null);
      } finally {
        setSending(false);
      }
    },
    [cooldownSeconds],
  );

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  const disabled = sending || remaining > 0;
  return {
    disabled,
    label: disabled ? `Resend in ${formatCountdown(sending ? cooldownSeconds : remaining)}` : 'Resend',
    resend,
  };
}
