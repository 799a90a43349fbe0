/**
 * LinkedIn over HTTP: OAuth 2.0 with OpenID Connect (authorisation code → access token, /v2/userinfo
 * for the member id) and the versioned Posts API (POST /rest/posts, the new post's URN in x-restli-id).
 * The base URLs come from LINKEDIN_OAUTH_URL and LINKEDIN_API_URL, so tests point them at a local server.
 */

/** The Posts API version (YYYYMM) sent as the LinkedIn-Version header. */
export const LINKEDIN_VERSION = '202506';
export const LINKEDIN_SCOPES = ['openid', 'profile', 'w_member_social'] as const;
const REQUEST_TIMEOUT_MS = 10_000;

export interface LinkedinSettings {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  oauthUrl: string;
}

export class LinkedinError extends Error {
  override name = 'LinkedinError';
  /** LinkedIn's HTTP status; null when it could not be reached. */
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export function authorizationUrl(settings: LinkedinSettings, redirectUri: string, state: string): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    state,
    scope: LINKEDIN_SCOPES.join(' '),
  });
  return `${settings.oauthUrl}/authorization?${params.toString()}`;
}

async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch {
    throw new LinkedinError(null, `LinkedIn could not be reached (${what})`);
  }
  if (!response.ok) {
    // LinkedIn's error body can echo the request: it is not logged or passed on.
    await response.body?.cancel();
    throw new LinkedinError(response.status, `LinkedIn answered ${response.status} (${what})`);
  }
  return response;
}

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  try {
    const body = (await response.json()) as unknown;
    if (body && typeof body === 'object') return body as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new LinkedinError(response.status, `LinkedIn's answer could not be read (${what})`);
}

/** Exchanges an authorisation code for an access token. */
export async function exchangeCode(
  settings: LinkedinSettings,
  code: string,
  redirectUri: string,
): Promise<{ accessToken: string; expiresInSeconds: number | null }> {
  const response = await call(
    `${settings.oauthUrl}/accessToken`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
      }).toString(),
    },
    'token exchange',
  );
  const body = await json(response, 'token exchange');
  if (typeof body.access_token !== 'string' || !body.access_token) {
    throw new LinkedinError(response.status, 'LinkedIn returned no access token');
  }
  const expiresIn = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : null,
  };
}

/** The member's id (OpenID Connect `sub`). */
export async function memberId(settings: LinkedinSettings, accessToken: string): Promise<string> {
  const response = await call(
    `${settings.apiUrl}/v2/userinfo`,
    { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } },
    'userinfo',
  );
  const body = await json(response, 'userinfo');
  if (typeof body.sub !== 'string' || !body.sub)
    throw new LinkedinError(response.status, 'LinkedIn returned no member id');
  return body.sub;
}

/**
 * Commentary is LinkedIn "little text": reserved characters are escaped with a backslash (or LinkedIn
 * cuts the post short), and `#word` becomes a hashtag template.
 */
export function littleText(text: string): string {
  return text.replace(/#([\p{L}\p{N}]+)|[\\|{}@[\]()<>#*_~]/gu, (match, tag: string | undefined) =>
    tag ? `{hashtag|\\#|${tag}}` : `\\${match}`,
  );
}

/** Publishes a public text post as the member; resolves to the new post's URN. */
export async function createPost(
  settings: LinkedinSettings,
  accessToken: string,
  member: string,
  commentary: string,
): Promise<string | null> {
  const response = await call(
    `${settings.apiUrl}/rest/posts`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        'LinkedIn-Version': LINKEDIN_VERSION,
        'X-Restli-Protocol-Version': '2.0.0',
      },
      body: JSON.stringify({
        author: `urn:li:person:${member}`,
        commentary: littleText(commentary),
        visibility: 'PUBLIC',
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      }),
    },
    'create post',
  );
  await response.body?.cancel();
  return response.headers.get('x-restli-id');
}
