import { combineSlices, createDynamicMiddleware } from '@reduxjs/toolkit';
import { authSlice } from './auth-slice';
import { toastSlice } from './toast-slice';

/** Slices added when a screen first loads them (the API slice, lib/api-client.ts), declared there. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

/**
 * The store starts with the auth and toast state; RTK Query's slice and middleware are injected when a
 * screen first imports lib/api-client.ts, so that /login does not download RTK Query.
 */
export const rootReducer = combineSlices(authSlice, toastSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware added with lazily loaded slices; it runs before redux-thunk (see lib/api-client.ts). */
export const dynamicMiddleware = createDynamicMiddleware();
