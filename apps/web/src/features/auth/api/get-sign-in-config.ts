import { apiPaths, type PublicConfig } from '@ai-tutor/contract';
import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import { call, type RequestContext } from '../../../lib/http';

/** One request per store (that is, per page load); a failure is tried again on the next mount. */
const loaded = new WeakMap<RequestContext['dispatch'], Promise<PublicConfig | null>>();

function loadSignInConfig(dispatch: RequestContext['dispatch']): Promise<PublicConfig | null> {
  let config = loaded.get(dispatch);
  if (!config) {
    config = call<{ data: PublicConfig }>({ url: apiPaths.config }, { dispatch }).then(
      (response) => response.data,
      () => {
        loaded.delete(dispatch);
        return null;
      },
    );
    loaded.set(dispatch, config);
  }
  return config;
}

/**
 * GET /v1/config: whether Google sign-in is on (its client id), read by the login and register screens.
 * A plain call rather than RTK Query, which the first page does not load.
 */
export function useSignInConfig(): PublicConfig | null {
  const dispatch = useDispatch();
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadSignInConfig(dispatch).then((value) => live && setConfig(value));
    return () => {
      live = false;
    };
  }, [dispatch]);
  return config;
}
