import { getJson, isRecord, SocialApiError } from './fetch-json.ts';

/** A post of the user's, as the checks need it. */
export interface XPost {
  id: string;
  text: string;
}

/**
 * What the X (Twitter) quest tasks ask X (DESIGN §8): one method per question, about the person whose
 * X user id is `xUserId` (the `subject` of the user's linked 'twitter' identity). A method throws
 * SocialApiError when X could not answer; it never guesses.
 */
export interface XProvider {
  /** 'x' or 'sandbox', for logs. */
  readonly name: string;
  hasLiked(xUserId: string, postId: string): Promise<boolean>;
  hasRetweeted(xUserId: string, postId: string): Promise<boolean>;
  /** The person's reply to the post (in its conversation), or null. */
  hasReplied(xUserId: string, postId: string): Promise<XPost | null>;
  /** Whether the person follows the account `handle` (with or without @, any case). */
  follows(xUserId: string, handle: string): Promise<boolean>;
  /** The person's posts of the last 7 days (X's recent search) that carry the hashtag. */
  recentPostsWithHashtag(xUserId: string, hashtag: string): Promise<XPost[]>;
  /** The person's profile description, or null when X knows no such user. */
  bio(xUserId: string): Promise<string | null>;
}

/** How far back X's recent search reaches. */
export const X_RECENT_SEARCH_DAYS = 7;

/** The post id of an X post link (https://x.com/<handle>/status/<id>, twitter.com too), or a bare id. */
export function postIdOf(urlOrId: string): string | null {
  const raw = urlOrId.trim();
  if (/^\d{1,25}$/.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www\.|mobile\.)/, '');
  if (host !== 'x.com' && host !== 'twitter.com') return null;
  return (
    /^\/(?:[A-Za-z0-9_]{1,15}|i\/web)\/status(?:es)?\/(\d{1,25})(?:\/|$)/.exec(url.pathname)?.[1] ?? null
  );
}

/** A handle as X compares them: no @, lower case. */
export const normaliseHandle = (handle: string) => handle.trim().replace(/^@/, '').toLowerCase();

/** A hashtag without its #. */
export const normaliseHashtag = (hashtag: string) => hashtag.trim().replace(/^#/, '');

/** Whether the text carries the hashtag as a whole tag (#Khel matches #khel, not #khelverse). */
export function hasHashtag(text: string, hashtag: string): boolean {
  const tag = normaliseHashtag(hashtag).toLowerCase();
  if (!tag) return false;
  for (const m of text.toLowerCase().matchAll(/#([\p{L}\p{N}_]+)/gu)) if (m[1] === tag) return true;
  return false;
}

/** Pages read of a paginated list (likers, reposters, followings) before giving up. */
export const X_MAX_PAGES = 5;

/**
 * X API v2 with an app-only bearer token (X_PROVIDER=x): likers (GET /2/tweets/:id/liking_users),
 * reposters (/2/tweets/:id/retweeted_by), followings (/2/users/:id/following), recent search
 * (/2/tweets/search/recent with `conversation_id:` and `from:`), and the profile
 * (/2/users/:id?user.fields=description). Lists are read page by page (`pagination_token`), at most
 * X_MAX_PAGES pages.
 */
export class XApiProvider implements XProvider {
  readonly name = 'x';

  constructor(private readonly options: { bearerToken: string; apiRoot: string; timeoutMs: number }) {}

  private async get(path: string, query: Record<string, string>) {
    const url = new URL(`${this.options.apiRoot.replace(/\/+$/, '')}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const { status, body } = await getJson(
      url,
      { authorization: `Bearer ${this.options.bearerToken}` },
      this.options.timeoutMs,
    );
    if (status !== 200 || !isRecord(body))
      throw new SocialApiError(`X ${path.replace(/\d+/g, ':id')}: answered ${status}`, status);
    return body;
  }

  /** Whether any page of a users list holds a user that `match` accepts. */
  private async anyUser(path: string, pageSize: number, match: (user: Record<string, unknown>) => boolean) {
    let token: string | undefined;
    for (let page = 0; page < X_MAX_PAGES; page++) {
      const body = await this.get(path, {
        max_results: String(pageSize),
        ...(token ? { pagination_token: token } : {}),
      });
      const users = Array.isArray(body.data) ? body.data.filter(isRecord) : [];
      if (users.some(match)) return true;
      const meta = isRecord(body.meta) ? body.meta : {};
      token = typeof meta.next_token === 'string' ? meta.next_token : undefined;
      if (!token) return false;
    }
    return false;
  }

  hasLiked(xUserId: string, postId: string) {
    return this.anyUser(`/2/tweets/${enc(postId)}/liking_users`, 100, (u) => u.id === xUserId);
  }

  hasRetweeted(xUserId: string, postId: string) {
    return this.anyUser(`/2/tweets/${enc(postId)}/retweeted_by`, 100, (u) => u.id === xUserId);
  }

  follows(xUserId: string, handle: string) {
    const wanted = normaliseHandle(handle);
    return this.anyUser(
      `/2/users/${enc(xUserId)}/following`,
      1000,
      (u) => typeof u.username === 'string' && u.username.toLowerCase() === wanted,
    );
  }

  private async search(query: string): Promise<(XPost & { authorId: string | null })[]> {
    const body = await this.get('/2/tweets/search/recent', {
      query,
      max_results: '100',
      'tweet.fields': 'author_id,conversation_id,created_at',
    });
    const posts = Array.isArray(body.data) ? body.data.filter(isRecord) : [];
    return posts.flatMap((p) =>
      typeof p.id === 'string' && typeof p.text === 'string'
        ? [{ id: p.id, text: p.text, authorId: typeof p.author_id === 'string' ? p.author_id : null }]
        : [],
    );
  }

  async hasReplied(xUserId: string, postId: string) {
    const found = await this.search(`conversation_id:${postId} from:${xUserId} is:reply`);
    const reply = found.find((p) => p.authorId === null || p.authorId === xUserId);
    return reply ? { id: reply.id, text: reply.text } : null;
  }

  async recentPostsWithHashtag(xUserId: string, hashtag: string) {
    const tag = normaliseHashtag(hashtag);
    const found = await this.search(`from:${xUserId} #${tag}`);
    return found
      .filter((p) => (p.authorId === null || p.authorId === xUserId) && hasHashtag(p.text, tag))
      .map(({ id, text }) => ({ id, text }));
  }

  async bio(xUserId: string) {
    const body = await this.get(`/2/users/${enc(xUserId)}`, { 'user.fields': 'description' });
    // An unknown user is a 200 with `errors` and no `data`.
    if (!isRecord(body.data)) return null;
    return typeof body.data.description === 'string' ? body.data.description : '';
  }
}

const enc = (id: string) => encodeURIComponent(id);
