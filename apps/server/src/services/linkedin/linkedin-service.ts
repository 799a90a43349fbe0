import { aiMessages, type LinkedinConnectionData, type Post } from '@ai-tutor/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { linkedinConnections } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, serviceUnavailable } from '../../lib/errors.js';
import { markPublished, ownedPost, toPost } from '../posts/posts-service.js';
import {
  authorizationUrl,
  createPost,
  exchangeCode,
  LinkedinError,
  memberId,
  type LinkedinSettings,
} from './linkedin-client.js';
import { decryptToken, encryptToken, tokenKey } from './token-crypto.js';

/**
 * Connecting a learner's LinkedIn account (token stored encrypted), publishing their posts through the
 * Posts API, and forgetting the token. Without LINKEDIN_CLIENT_ID / LINKEDIN_CLIENT_SECRET the connect
 * and publish calls answer 503 naming the missing settings.
 */

const badGateway = (message: string) => new AppError(502, message);

export interface LinkedinLogger {
  warn(obj: object, msg: string): void;
}

export class LinkedinService {
  private readonly key: Buffer;
  /** Posts being sent to LinkedIn by this instance: a double click publishes once. */
  private readonly publishing = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'linkedin' | 'jwtSecret' | 'publicUrl'>,
    private readonly log: LinkedinLogger,
  ) {
    this.key = tokenKey(config.jwtSecret);
  }

  /** The settings that are not set, by their environment variable names. */
  missingSettings(): string[] {
    return [
      this.config.linkedin.clientId ? null : 'LINKEDIN_CLIENT_ID',
      this.config.linkedin.clientSecret ? null : 'LINKEDIN_CLIENT_SECRET',
    ].filter((name): name is string => name !== null);
  }

  private settings(): LinkedinSettings {
    const missing = this.missingSettings();
    const { clientId, clientSecret, apiUrl, oauthUrl } = this.config.linkedin;
    if (missing.length || !clientId || !clientSecret) {
      throw serviceUnavailable(
        `LinkedIn is not configured on this server: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set.`,
      );
    }
    return { clientId, clientSecret, apiUrl, oauthUrl };
  }

  authorizeUrl(redirectUri: string, state: string): string {
    return authorizationUrl(this.settings(), redirectUri, state);
  }

  async connection(userId: string): Promise<LinkedinConnectionData> {
    const configured = this.missingSettings().length === 0;
    const [row] = await this.db
      .select({ expiresAt: linkedinConnections.expiresAt })
      .from(linkedinConnections)
      .where(eq(linkedinConnections.userId, userId));
    const live = row !== undefined && (row.expiresAt === null || row.expiresAt.getTime() > Date.now());
    return {
      configured,
      connected: configured && live,
      expiresAt: live ? (row.expiresAt?.toISOString() ?? null) : null,
    };
  }

  /** Exchanges the OAuth code, reads the member id and stores the token encrypted. */
  async connect(userId: string, code: string, redirectUri: string): Promise<LinkedinConnectionData> {
    const settings = this.settings();
    let token: { accessToken: string; expiresInSeconds: number | null };
    let member: string;
    try {
      token = await exchangeCode(settings, code, redirectUri);
      member = await memberId(settings, token.accessToken);
    } catch (error) {
      if (!(error instanceof LinkedinError)) throw error;
      this.log.warn({ linkedin: { status: error.status, step: 'connect' } }, error.message);
      if (error.status !== null && error.status >= 400 && error.status < 500) {
        throw badRequest(aiMessages.linkedinAuthRejected);
      }
      throw badGateway(aiMessages.linkedinRejected);
    }
    const expiresAt = token.expiresInSeconds ? new Date(Date.now() + token.expiresInSeconds * 1000) : null;
    const values = {
      memberId: member,
      accessTokenEncrypted: encryptToken(this.key, token.accessToken),
      expiresAt,
    };
    await this.db
      .insert(linkedinConnections)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: linkedinConnections.userId, set: values });
    return { configured: true, connected: true, expiresAt: expiresAt?.toISOString() ?? null };
  }

  private async forget(userId: string): Promise<boolean> {
    const removed = await this.db
      .delete(linkedinConnections)
      .where(eq(linkedinConnections.userId, userId))
      .returning({ userId: linkedinConnections.userId });
    return removed.length > 0;
  }

  /** The learner's own account only (403 for anyone else's id). Works whether or not LinkedIn is configured. */
  async unlink(requesterId: string, targetUserId: string): Promise<boolean> {
    if (requesterId !== targetUserId.toLowerCase()) throw forbidden(aiMessages.unlinkOthers);
    return this.forget(requesterId);
  }

  async publish(userId: string, postId: string): Promise<Post> {
    const settings = this.settings();
    const post = await ownedPost(this.db, userId, postId);
    if (post.status !== 'draft') throw conflict(aiMessages.postPublishedAlready);

    const [connection] = await this.db
      .select()
      .from(linkedinConnections)
      .where(eq(linkedinConnections.userId, userId));
    if (!connection) throw conflict(aiMessages.linkedinNotConnected);
    const token = decryptToken(this.key, connection.accessTokenEncrypted);
    if (!token || (connection.expiresAt && connection.expiresAt.getTime() <= Date.now())) {
      await this.forget(userId);
      throw conflict(aiMessages.linkedinExpired);
    }

    if (this.publishing.has(post.id)) throw conflict(aiMessages.postPublishing);
    this.publishing.add(post.id);
    try {
      let urn: string | null;
      try {
        urn = await createPost(settings, token, connection.memberId, post.content);
      } catch (error) {
        if (!(error instanceof LinkedinError)) throw error;
        this.log.warn({ linkedin: { status: error.status, step: 'publish' } }, error.message);
        if (error.status === 401) {
          await this.forget(userId);
          throw conflict(aiMessages.linkedinExpired);
        }
        throw badGateway(aiMessages.linkedinRejected);
      }
      const published = await markPublished(this.db, post.id, urn);
      if (!published) throw conflict(aiMessages.postPublishedAlready);
      return toPost(published, this.config.publicUrl);
    } finally {
      this.publishing.delete(post.id);
    }
  }
}
