import { LINKEDIN_CALLBACK_PATH, LINKEDIN_CONNECTED_MESSAGE } from '@ai-tutor/contract';

/** localStorage key holding `{state, returnTo, mode, at}` while the learner is at LinkedIn (this browser's only). */
export const LINKEDIN_OAUTH_STORAGE_KEY = 'linkedin-oauth';

/**
 * The browser side of "Connect LinkedIn": a random `state` kept in localStorage (the popup shares it)
 * and checked when LinkedIn sends the learner back, so a forged callback cannot attach someone else's
 * LinkedIn account.
 */

const MAX_AGE_MS = 15 * 60_000;

export const linkedinRedirectUri = () => `${window.location.origin}${LINKEDIN_CALLBACK_PATH}`;

export function newOauthState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How the learner went to LinkedIn: in a popup (the callback closes it) or in this tab. */
export type OauthMode = 'popup' | 'redirect';

export function rememberOauth(state: string, returnTo: string, mode: OauthMode = 'redirect'): void {
  localStorage.setItem(LINKEDIN_OAUTH_STORAGE_KEY, JSON.stringify({ state, returnTo, mode, at: Date.now() }));
}

/** The page to return to when `state` is the one this browser started with (used once). */
export function takeOauth(state: string | null): { returnTo: string; mode: OauthMode } | null {
  const raw = localStorage.getItem(LINKEDIN_OAUTH_STORAGE_KEY);
  localStorage.removeItem(LINKEDIN_OAUTH_STORAGE_KEY);
  if (!raw || !state) return null;
  try {
    const saved = JSON.parse(raw) as { state?: unknown; returnTo?: unknown; mode?: unknown; at?: unknown };
    if (saved.state !== state || typeof saved.at !== 'number' || Date.now() - saved.at > MAX_AGE_MS)
      return null;
    const returnTo =
      typeof saved.returnTo === 'string' && saved.returnTo.startsWith('/') ? saved.returnTo : '/exams';
    return { returnTo, mode: saved.mode === 'popup' ? 'popup' : 'redirect' };
  } catch {
    return null;
  }
}

/**
 * The callback window tells the share dialog through a BroadcastChannel (same origin only). Not
 * window.opener: the app's Cross-Origin-Opener-Policy severs it once the popup has been to LinkedIn.
 */
const CHANNEL = 'ai-tutor-linkedin';

export function announceConnected(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: LINKEDIN_CONNECTED_MESSAGE });
  channel.close();
}

/** Calls `onConnected` whenever another window of this app connects LinkedIn; returns the unsubscribe. */
export function onConnected(onConnected: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === LINKEDIN_CONNECTED_MESSAGE) onConnected();
  };
  return () => channel.close();
}
