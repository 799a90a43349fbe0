import { apiPaths, type PublicConfig } from '@ai-tutor/contract';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { callApi, type CallContext } from './base-query';

/** One request per store (that is, per page load); a failure is tried again on the next mount. */
const loaded = new WeakMap<CallContext, Promise<PublicConfig | null>>();

function loadSignInConfig(store: CallContext): Promise<PublicConfig | null> {
  let config = loaded.get(store);
  if (!config) {
    config = callApi<PublicConfig>(apiPaths.config, store).then((result) => {
      if (result.data) return result.data;
      loaded.delete(store);
      return null;
    });
    loaded.set(store, config);
  }
  return config;
}

/**
 * GET /v1/config: what is switched on (Google sign-in's client id, the AI tutor, LinkedIn), read by the
 * login and register screens and the AI tutor's buttons. Through the one base query, asked once per store.
 */
export function usePublicConfig(): PublicConfig | null {
  const store = useStore();
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadSignInConfig(store).then((value) => live && setConfig(value));
    return () => {
      live = false;
    };
  }, [store]);
  return config;
}
