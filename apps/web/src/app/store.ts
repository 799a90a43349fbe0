import { createAppStore } from '../stores/root-reducer';

export const createStore = createAppStore;
export type AppStore = ReturnType<typeof createStore>;
