/**
 * Tokens live in localStorage under 'at' and 'rt' (docs/product.md#startup-and-sign-in-state). Only this browser reads these keys (the
 * server gets the tokens in headers and bodies), so they live here, not in the contract; learners'
 * browsers hold them, so they never change.
 */
const STORAGE_KEYS = { accessToken: 'at', refreshToken: 'rt' } as const;

export const tokenStorage = {
  access: () => localStorage.getItem(STORAGE_KEYS.accessToken),
  refresh: () => localStorage.getItem(STORAGE_KEYS.refreshToken),
  save(tokens: { access_token: string; refresh_token: string }) {
    localStorage.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
    localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
  },
};
