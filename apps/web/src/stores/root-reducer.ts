import {
  applyMiddleware,
  combineReducers,
  compose,
  legacy_createStore,
  type Middleware,
  type Reducer,
  type Store,
} from 'redux';
import { thunk } from 'redux-thunk';
import { authSlice } from './auth-slice';
import { toastSlice } from './toast-slice';

/**
 * The store starts with the auth and toast state only; the RTK Query slice (lib/api-client.ts) adds its
 * reducer and middleware when a screen first imports it, so /login never downloads RTK Query. Plain
 * redux rather than RTK's configureStore/combineSlices: those live in the toolkit's module together
 * with createSlice and immer, which would then all come with the first page.
 */
const reducers: Record<string, Reducer> = {
  [authSlice.reducerPath]: authSlice.reducer as Reducer,
  [toastSlice.reducerPath]: toastSlice.reducer as Reducer,
};
const lateMiddleware: Middleware[] = [];
const stores = new Set<Store>();

/** Runs the middleware added so far; each store applies a newly added one on its next action. */
const dynamicMiddleware: Middleware = (storeApi) => (next) => {
  let applied = -1;
  let chain = next;
  return (action) => {
    if (applied !== lateMiddleware.length) {
      chain = compose<typeof next>(...lateMiddleware.map((m) => m(storeApi)))(next);
      applied = lateMiddleware.length;
    }
    return chain(action);
  };
};

export function createAppStore() {
  const store = legacy_createStore(combineReducers(reducers), applyMiddleware(thunk, dynamicMiddleware));
  stores.add(store);
  return store;
}

/** Adds a slice (and its middleware) to the stores that exist and to those made later. */
export function injectSlice<S>(slice: { reducerPath: string; reducer: Reducer<S> }, middleware?: Middleware) {
  if (reducers[slice.reducerPath] === slice.reducer) return;
  reducers[slice.reducerPath] = slice.reducer as Reducer;
  if (middleware) lateMiddleware.push(middleware);
  for (const store of stores) store.replaceReducer(combineReducers(reducers));
}
