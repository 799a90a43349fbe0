import { createApi } from '@reduxjs/toolkit/query/react';
import type { Middleware, ThunkDispatch, UnknownAction, WithSlice } from '@reduxjs/toolkit';
import { dynamicMiddleware, rootReducer } from '../stores/root-reducer';
import { baseQuery, type ApiMeta } from './base-query';

/** Features add their endpoints with `api.injectEndpoints`, one file per endpoint. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Exams', 'Exam', 'Records', 'Session', 'Result', 'Attempts', 'Posts', 'Mistakes', 'Review'],
  endpoints: () => ({}),
});

/** transformResponse for calls whose screen toasts the server's success message (docs/product.md#errors-and-empty-states). */
export function withMessage<T>(data: unknown, meta: ApiMeta | undefined): { message: string; data: T } {
  return { message: meta?.message ?? '', data: data as T };
}

/** A dispatch that may run the API slice's thunks (util.upsertQueryData and the like). */
export type ApiDispatch = ThunkDispatch<{ api: ReturnType<typeof api.reducer> }, unknown, UnknownAction>;

declare module '../stores/root-reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging (combineSlices)
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

/**
 * A store made before this module loaded has no `state.api` until its next action, but a screen's first
 * query is a thunk that reads it at once. This middleware runs before redux-thunk: the first thing
 * dispatched after the injection passes an action to the reducers first, which adds the API's state.
 */
const apiStateAdded: Middleware = (store) => (next) => (action) => {
  if (!(api.reducerPath in (store.getState() as object))) next({ type: `${api.reducerPath}/sliceInjected` });
  return next(action);
};

rootReducer.inject(api);
dynamicMiddleware.addMiddleware(apiStateAdded, api.middleware);
