import { checkAsLinkedPerson, type SocialCheckContext } from '../social/linked-account.ts';
import { normaliseHandle, normaliseHashtag, postIdOf, type XProvider } from '../social/x-provider.ts';
import { defineValidator, type ValidationOutcome } from './types.ts';

export const X_LIKE_MISSING_MESSAGE = 'We could not find your like on this post yet.';
export const X_RETWEET_MISSING_MESSAGE = 'We could not find your repost of this post yet.';
export const X_REPLY_MISSING_MESSAGE = 'We could not find your reply to this post yet.';
export const X_NOT_A_POST_MESSAGE = 'This task does not point to an X post.';
export const xFollowMissingMessage = (handle: string) => `You do not follow @${handle} on X yet.`;
export const xHashtagMissingMessage = (hashtag: string) =>
  `We could not find a post of yours from the last 7 days with #${hashtag} yet.`;
export const xBioMissingMessage = (text: string) => `Your X bio does not include "${text}" yet.`;

/**
 * X (Twitter) tasks (SPEC §3: comment, like, retweet, follow, hashtag tweet, bio): asked of the X
 * provider (AppDeps.social.x: the sandbox outside production, X API v2 by environment) about the
 * person behind the user's linked X account.
 */
const asX = (ctx: SocialCheckContext, check: (x: XProvider, xUserId: string) => Promise<ValidationOutcome>) =>
  checkAsLinkedPerson(ctx, { provider: 'twitter', platform: 'X', api: ctx.deps.social.x }, check);

/** A task about one post: its id from the task's link, then the check. */
const onPost = (
  ctx: SocialCheckContext & { config: { postUrl: string } },
  check: (x: XProvider, xUserId: string, postId: string) => Promise<ValidationOutcome>,
) => {
  const postId = postIdOf(ctx.config.postUrl);
  if (!postId) return Promise.resolve<ValidationOutcome>({ ok: false, message: X_NOT_A_POST_MESSAGE });
  return asX(ctx, (x, id) => check(x, id, postId));
};

const outcome = (done: boolean, message: string): ValidationOutcome =>
  done ? { ok: true } : { ok: false, message };

export const xTaskValidators = [
  defineValidator({
    type: 'x_like',
    validate: (ctx) =>
      onPost(ctx, async (x, id, post) => outcome(await x.hasLiked(id, post), X_LIKE_MISSING_MESSAGE)),
  }),
  defineValidator({
    type: 'x_retweet',
    validate: (ctx) =>
      onPost(ctx, async (x, id, post) => outcome(await x.hasRetweeted(id, post), X_RETWEET_MISSING_MESSAGE)),
  }),
  defineValidator({
    type: 'x_comment',
    // The reply's id is kept on the user's task.
    validate: (ctx) =>
      onPost(ctx, async (x, id, post) => {
        const reply = await x.hasReplied(id, post);
        return reply ? { ok: true, value: reply.id } : { ok: false, message: X_REPLY_MISSING_MESSAGE };
      }),
  }),
  defineValidator({
    type: 'x_follow',
    validate: (ctx) => {
      const handle = normaliseHandle(ctx.config.handle);
      return asX(ctx, async (x, id) => outcome(await x.follows(id, handle), xFollowMissingMessage(handle)));
    },
  }),
  defineValidator({
    type: 'x_hashtag_tweet',
    // The post's id is kept on the user's task.
    validate: (ctx) => {
      const tag = normaliseHashtag(ctx.config.hashtag);
      return asX(ctx, async (x, id) => {
        const [post] = await x.recentPostsWithHashtag(id, tag);
        return post ? { ok: true, value: post.id } : { ok: false, message: xHashtagMissingMessage(tag) };
      });
    },
  }),
  defineValidator({
    type: 'x_bio',
    // Case and spacing do not matter: "Playing on Khel" is found in "playing on  KHEL ⚡".
    validate: (ctx) =>
      asX(ctx, async (x, id) => {
        const bio = (await x.bio(id)) ?? '';
        return outcome(squash(bio).includes(squash(ctx.config.text)), xBioMissingMessage(ctx.config.text));
      }),
  }),
];

const squash = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
