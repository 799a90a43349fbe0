/** What the running quiz hears from the page: the network coming and going, and the tab going away. */
export interface PageEventHandlers {
  online: () => void;
  offline: () => void;
  hide: () => void;
}

/** Listens until the returned function is called. */
export function watchPage({ online, offline, hide }: PageEventHandlers): () => void {
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  window.addEventListener('pagehide', hide);
  document.addEventListener('visibilitychange', hide);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    window.removeEventListener('pagehide', hide);
    document.removeEventListener('visibilitychange', hide);
  };
}
