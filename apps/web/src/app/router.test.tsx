import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastAdded } from '../stores/toast-slice';
import { renderRoutes, testUser } from '../test/render';
import { routes } from './router';

afterEach(() => vi.unstubAllGlobals());

const at = async (router: { state: { location: { pathname: string } } }, path: string) =>
  waitFor(() => expect(router.state.location.pathname).toBe(path));

describe('access groups (docs/product.md#access-groups)', () => {
  it('sends a visitor from the main area to /login', async () => {
    const { router } = renderRoutes(routes, '/exams');
    await at(router, '/login');
  });

  it('sends a signed-in learner away from public-only routes to /exams', async () => {
    for (const path of ['/login', '/register', '/forget-password', '/verify-otp/a@b.c', '/reset-password']) {
      const { router, unmount } = renderRoutes(routes, path, testUser());
      await at(router, '/exams');
      unmount();
    }
  });

  it('sends an unverified user to /verify-user, and a verified one away from it', async () => {
    const unverified = renderRoutes(routes, '/exams', testUser({ verified: false }));
    await at(unverified.router, '/verify-user');
    unverified.unmount();
    const verified = renderRoutes(routes, '/verify-user', testUser());
    await at(verified.router, '/exams');
  });

  it('sends a verified user without an invite code to /verify-invite, and one with a code away from it', async () => {
    const noInvite = renderRoutes(routes, '/exams/jee', testUser({ usedInviteCode: null }));
    await at(noInvite.router, '/verify-invite');
    noInvite.unmount();
    const withInvite = renderRoutes(routes, '/verify-invite', testUser());
    await at(withInvite.router, '/exams');
  });

  it('redirects any other path to /exams (and so to /login for a visitor)', async () => {
    const { router } = renderRoutes(routes, '/no/such/page', testUser());
    await at(router, '/exams');
  });
});

describe('layouts', () => {
  it('public layout shows the marketing text, the form area and the footer', async () => {
    renderRoutes(routes, '/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getByText('Innovative AI solutions for a Smarter world')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
    for (const [name, href] of [
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Contact', '/contact'],
    ] as const) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('footer pages are reachable by signed-in learners too, not bounced to /exams', async () => {
    const { router } = renderRoutes(routes, '/terms', testUser());
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms');
  });

  it('authenticated layout has the AI TUTOR bar to /exams and an avatar menu with name, email and Logout', async () => {
    const { user } = await import('@testing-library/user-event').then((m) => ({ user: m.default.setup() }));
    renderRoutes(routes, '/exams', testUser());
    const title = await screen.findByRole('link', { name: 'AI TUTOR' });
    expect(title).toHaveAttribute('href', '/exams');
    const avatar = screen.getByRole('button', { name: 'Account menu' });
    expect(avatar).toHaveTextContent('A');
    await user.click(avatar);
    expect(await screen.findByText('asha@example.test')).toBeInTheDocument();
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('the avatar menu reaches every area, and a new screen opens at its top', async () => {
    const { user } = await import('@testing-library/user-event').then((m) => ({ user: m.default.setup() }));
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = renderRoutes(routes, '/exams', testUser());
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const areas = [
      ['Home', '/exams'],
      ['Recent results', '/exams#recent-results'],
      ['Live tests', '/exams#live-tests'],
      ['Review', '/review'],
      ['Mistakes', '/mistakes'],
    ];
    for (const [name, href] of areas)
      expect(await screen.findByRole('menuitem', { name })).toHaveAttribute('href', href);
    scrollTo.mockClear();
    await user.click(screen.getByRole('menuitem', { name: 'Mistakes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mistakes'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it('a toast neither covers the avatar nor the opened account menu', async () => {
    const { user } = await import('@testing-library/user-event').then((m) => ({ user: m.default.setup() }));
    const { store } = renderRoutes(routes, '/exams', testUser());
    const avatar = await screen.findByRole('button', { name: 'Account menu' });
    act(() => {
      store.dispatch(toastAdded({ message: 'Something to say', type: 'info', duration: 60_000 }));
    });
    const toasts = screen.getByTestId('toasts');
    // Below the app bar (64 px at most), where the avatar is.
    expect(parseFloat(getComputedStyle(toasts).top)).toBeGreaterThanOrEqual(64);
    await user.click(avatar);
    const menu = (await screen.findByRole('menu')).closest('.MuiPopover-root')!;
    expect(Number(getComputedStyle(menu).zIndex)).toBeGreaterThan(Number(getComputedStyle(toasts).zIndex));
  });

  it('the Contact page title is as bold as every other title', async () => {
    renderRoutes(routes, '/contact');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Contact' });
    expect(getComputedStyle(heading).fontWeight).toBe('700');
  });
});
