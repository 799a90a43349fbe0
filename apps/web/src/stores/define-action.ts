import type { UnknownAction } from 'redux';

// A type, not an interface: only a type alias is assignable to redux's UnknownAction (index signature).
export type PayloadAction<P> = { type: string; payload: P };
export interface ActionCreator<P, A extends unknown[]> {
  (...args: A): PayloadAction<P>;
  type: string;
  match(action: UnknownAction): action is UnknownAction & PayloadAction<P>;
}

/**
 * RTK's createAction, in a few lines: the first page builds its store from plain redux, because the
 * toolkit's module (with immer) costs ~8 kB gzip there. `prepare` shapes the payload from the arguments.
 */
export function defineAction<P = void, A extends unknown[] = P extends void ? [] : [P]>(
  type: string,
  prepare: (...args: A) => P = (...args) => args[0] as P,
): ActionCreator<P, A> {
  const create = (...args: A) => ({ type, payload: prepare(...args) });
  return Object.assign(create, {
    type,
    match: (action: UnknownAction): action is UnknownAction & PayloadAction<P> => action.type === type,
  });
}
