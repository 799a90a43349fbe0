import { useEffect, useState } from 'react';

type Message = { kind: 'hello' | 'here' | 'bye'; tab: string };

/**
 * Whether this session is open in another tab of this browser (BroadcastChannel). Both tabs save to
 * the same session and the last save wins, so the learner is told instead of losing answers silently.
 */
export function useOtherTab(sessionId: string): boolean {
  const [others, setOthers] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const tab = crypto.randomUUID();
    const channel = new BroadcastChannel(`quiz-session-${sessionId}`);
    const post = (kind: Message['kind']) => channel.postMessage({ kind, tab } satisfies Message);
    channel.onmessage = ({ data }: MessageEvent<Message>) => {
      if (!data || data.tab === tab) return;
      if (data.kind === 'bye') {
        setOthers((set) => new Set([...set].filter((t) => t !== data.tab)));
        return;
      }
      setOthers((set) => (set.has(data.tab) ? set : new Set([...set, data.tab])));
      if (data.kind === 'hello') post('here');
    };
    post('hello');
    const leave = () => post('bye');
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
      channel.close();
    };
  }, [sessionId]);
  return others.size > 0;
}
