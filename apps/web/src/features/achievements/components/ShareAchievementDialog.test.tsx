import type { Post } from '@ai-tutor/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { announceConnected, LINKEDIN_OAUTH_STORAGE_KEY } from '../lib/linkedin-oauth';
import { fail, mockFetch, ok, type Call, type Reply } from '../../../test/api-replies';
import { ShareAchievementDialog } from './ShareAchievementDialog';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const URL_ = 'http://localhost:3000/achievements/p1';
const makePost = (overrides: Partial<Post> = {}): Post => ({
  _id: 'p1',
  content: `I scored 30 / 40 (75.0%) in Mechanics.\n\nVerified result: ${URL_}`,
  assessmentSlug: 'mechanics-quiz-1',
  status: 'draft',
  createdAt: '2026-03-01T10:00:00.000Z',
  aiGenerated: false,
  publishedAt: null,
  sharedAt: null,
  achievementUrl: URL_,
  ...overrides,
});
const connection = (configured: boolean, connected: boolean) =>
  ok({ configured, connected, expiresAt: connected ? '2026-05-01T00:00:00.000Z' : null });

function server(linkedin: Reply, extra: (call: Call) => Reply | undefined = () => undefined) {
  return mockFetch((call) => {
    const custom = extra(call);
    if (custom) return custom;
    if (call.path === '/api/v1/post/generate') return ok({ post: makePost() });
    if (call.path === '/api/v1/linkedin/connection') return linkedin;
    return fail(500, `unexpected ${call.method} ${call.path}`);
  });
}

const open = () =>
  renderPage(<ShareAchievementDialog assessmentSlug="mechanics-quiz-1" open onClose={() => undefined} />, {
    user: testUser(),
  });

describe('ShareAchievementDialog', () => {
  it('drafts the post, shows it editable with its public link, and regenerates it', async () => {
    const calls = server(connection(false, false), (call) =>
      call.path === '/api/v1/post/regenerate/p1'
        ? ok({ post: makePost({ content: `A new version.\n\nVerified result: ${URL_}`, aiGenerated: true }) })
        : undefined,
    );
    open();
    expect(screen.getByRole('dialog', { name: 'Share achievement' })).toBeInTheDocument();
    const box = await screen.findByRole('textbox', { name: 'Post' });
    expect(box).toHaveValue(makePost().content);
    expect(calls.find((c) => c.path === '/api/v1/post/generate')).toMatchObject({
      method: 'POST',
      body: { assessmentSlug: 'mechanics-quiz-1' },
    });
    expect(screen.getByText(/Written from a template, not by the AI tutor/)).toBeInTheDocument();
    // A draft nobody shared has no public page yet: its address is shown, not linked to a 404.
    expect(screen.getByText(URL_)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: URL_ })).not.toBeInTheDocument();
    expect(
      await screen.findByText(/Publishing to LinkedIn is not set up on this server/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Publish to LinkedIn/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Connect LinkedIn/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(box).toHaveValue(`A new version.\n\nVerified result: ${URL_}`));
    expect(screen.getByText(/Written by the AI tutor/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/post/regenerate/p1')?.method).toBe('PATCH');
  });

  it('saves the learner’s edit, then publishes to LinkedIn when connected', async () => {
    const calls = server(connection(true, true), (call) => {
      if (call.path === '/api/v1/post/p1' && call.method === 'PATCH') {
        return ok({ post: makePost({ content: (call.body as { content: string }).content }) });
      }
      if (call.path === '/api/v1/linkedin/post') {
        return ok({ post: makePost({ status: 'published', publishedAt: '2026-03-01T11:00:00.000Z' }) });
      }
      return undefined;
    });
    open();
    const box = await screen.findByRole('textbox', { name: 'Post' });
    await userEvent.clear(box);
    await userEvent.type(box, 'My own words.');
    await userEvent.click(await screen.findByRole('button', { name: 'Publish to LinkedIn' }));

    const dialog = screen.getByRole('dialog', { name: 'Share achievement' });
    expect(await within(dialog).findByText('Published to LinkedIn.')).toBeInTheDocument();
    const edit = calls.find((c) => c.path === '/api/v1/post/p1');
    const publish = calls.find((c) => c.path === '/api/v1/linkedin/post');
    expect(edit).toMatchObject({ method: 'PATCH', body: { content: 'My own words.' } });
    expect(publish).toMatchObject({ method: 'POST', body: { postId: 'p1' } });
    expect(calls.indexOf(edit!)).toBeLessThan(calls.indexOf(publish!));
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Post' })).toBeDisabled();
  });

  it('offers Connect LinkedIn first and opens LinkedIn’s authorisation with a remembered state', async () => {
    const authorize = 'https://www.linkedin.com/oauth/v2/authorization?client_id=x';
    let linkedinConnected = false;
    const calls = server(connection(true, false), (call) => {
      if (call.path === '/api/v1/auth/linkedin/authorize') return ok({ url: authorize });
      if (call.path === '/api/v1/linkedin/connection') return connection(true, linkedinConnected);
      return undefined;
    });
    const popup = vi.fn((_url: string, _target: string, _features: string) => ({}) as Window);
    vi.stubGlobal('open', popup);
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect LinkedIn' }));
    await waitFor(() => expect(popup).toHaveBeenCalled());
    expect(popup).toHaveBeenCalledWith(authorize, 'linkedin-connect', expect.stringContaining('popup'));

    const call = calls.find((c) => c.path === '/api/v1/auth/linkedin/authorize')!;
    expect(call.url.searchParams.get('redirectUri')).toBe(`${window.location.origin}/linkedin/callback`);
    const state = call.url.searchParams.get('state')!;
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(localStorage.getItem(LINKEDIN_OAUTH_STORAGE_KEY)!)).toMatchObject({
      state,
      mode: 'popup',
    });

    // The popup's callback page announces the connection: the dialog reads it again and offers Publish.
    linkedinConnected = true;
    announceConnected();
    expect(await screen.findByRole('button', { name: 'Publish to LinkedIn' })).toBeInTheDocument();
  });

  it('goes to LinkedIn in this tab when the popup is blocked', async () => {
    const authorize = 'https://www.linkedin.com/oauth/v2/authorization?client_id=y';
    server(connection(true, false), (call) =>
      call.path === '/api/v1/auth/linkedin/authorize' ? ok({ url: authorize }) : undefined,
    );
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      origin: window.location.origin,
      pathname: '/quiz/result/q',
      search: '',
      assign,
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect LinkedIn' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorize));
    expect(JSON.parse(localStorage.getItem(LINKEDIN_OAUTH_STORAGE_KEY)!)).toMatchObject({
      mode: 'redirect',
      returnTo: '/quiz/result/q',
    });
  });

  it('shares the post when the learner copies it, so the copied link works for readers', async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = server(connection(false, false), (call) =>
      call.path === '/api/v1/post/p1/share'
        ? ok({ post: makePost({ sharedAt: '2026-03-01T10:05:00.000Z' }) })
        : undefined,
    );
    open();
    const box = await screen.findByRole('textbox', { name: 'Post' });
    await userEvent.type(box, ' Unsaved words.');
    await userEvent.click(screen.getByRole('button', { name: 'Copy text' }));

    expect(await screen.findByText('Post copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${makePost().content} Unsaved words.`);
    expect(calls.filter((c) => c.path === '/api/v1/post/p1/share')).toEqual([
      expect.objectContaining({ method: 'POST' }),
    ]);
    expect(screen.getByRole('link', { name: URL_ })).toHaveAttribute('href', URL_);
    expect(box).toHaveValue(`${makePost().content} Unsaved words.`);

    // Already shared: copying the link needs no second request.
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith(URL_));
    expect(calls.filter((c) => c.path === '/api/v1/post/p1/share')).toHaveLength(1);
  });

  it('says so when the post could not be shared, instead of a copied link that leads nowhere', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.resolve() } });
    server(connection(false, false), (call) =>
      call.path === '/api/v1/post/p1/share' ? fail(404, 'Post not found') : undefined,
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Post not found')).toBeInTheDocument();
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: URL_ })).not.toBeInTheDocument();
  });

  it('shows the server’s message when the post cannot be drafted', async () => {
    server(connection(false, false), (call) =>
      call.path === '/api/v1/post/generate' ? fail(404, 'Assessment not found') : undefined,
    );
    open();
    expect(await screen.findByText('Assessment not found')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Post' })).not.toBeInTheDocument();
  });
});
