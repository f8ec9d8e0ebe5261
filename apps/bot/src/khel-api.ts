import { botActorAuthorization } from '@khel/core/bot-actor';
import {
  clansRoutes,
  identityRoutes,
  pogRoutes,
  type RouteDef,
  type ShareKind,
  sharingRoutes,
  starsRoutes,
} from '@khel/core/contract';
import type { z } from 'zod';
import type { BotLocale } from './bot-locale.ts';

/**
 * The bot's client of the Khel API for the clan chief's console and the POG inline mode. Every call that acts for a Telegram user sends
 * `Authorization: TelegramBot <assertion>` (@khel/core/bot-actor), and the API decides on its side what that user
 * may do now (the bot never writes clan tables). Paths and response schemas come from the contract
 * (`clansRoutes`, `pogRoutes`); answers are the `{ success, status, data, message }` envelope.
 */

/** How requests reach the API: the global fetch in split mode, `app.request` in all-in-one mode and tests. */
export type KhelApiFetch = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface KhelApiOptions {
  /** The API root, e.g. `https://khel.example/api` (in all-in-one mode any origin + `/api` the fetch accepts). */
  baseUrl: string;
  /** The bot token: signs the bot-actor assertions. */
  botToken: string;
  fetch?: KhelApiFetch;
  /** Clock for the assertions (defaults to now). */
  clock?: () => Date;
  /** Gives up on a call after this long. Default 10 s. */
  timeoutMs?: number;
}

/** What the API answered: the data, or its refusal (a 4xx with the message to show). */
export type KhelApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** The API could not be reached or failed (5xx, malformed answer): the caller says "something went wrong". */
export class KhelApiUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KhelApiUnavailableError';
  }
}

type Routes = typeof clansRoutes;
type DataOf<R extends RouteDef> = z.output<R['response']>;

export type BotClanConsoleAnswer = DataOf<Routes['botClanConsole']>;
export type BotGroupClanAnswer = DataOf<Routes['botGroupClan']>;
export type ClanMemberPageAnswer = DataOf<Routes['clanMembers']>;
export type PogBotCardsAnswer = DataOf<(typeof pogRoutes)['pogBotCards']>;
export type ShareItemAnswer = DataOf<(typeof sharingRoutes)['shareItem']>;
export type StarsPreCheckoutAnswer = DataOf<(typeof starsRoutes)['botStarsPreCheckout']>;
export type StarsPaymentAnswer = DataOf<(typeof starsRoutes)['botStarsPayment']>;
export type StarsPacksAnswer = DataOf<(typeof starsRoutes)['starsPacks']>;
export type StarsBotInvoiceAnswer = DataOf<(typeof starsRoutes)['botStarsInvoice']>;

export interface KhelApi {
  /**
   * The Telegram user's clan as its chief sees it (refused when they are not a chief). With `clanId`, that clan,
   * refused unless they lead it now (the API says whether they never did or no longer do).
   */
  console(telegramUserId: number, clanId?: string): Promise<KhelApiResult<BotClanConsoleAnswer>>;
  /** The clan a Telegram group is linked to, or null; asked for whoever typed `/clan` there. */
  groupClan(telegramUserId: number, chatId: number): Promise<KhelApiResult<BotGroupClanAnswer>>;
  approve(
    telegramUserId: number,
    clanId: string,
    userId: string,
  ): Promise<KhelApiResult<DataOf<Routes['botApproveRequest']>>>;
  refuse(telegramUserId: number, clanId: string, userId: string): Promise<KhelApiResult<{ ok: true }>>;
  removeMember(telegramUserId: number, clanId: string, userId: string): Promise<KhelApiResult<{ ok: true }>>;
  announce(
    telegramUserId: number,
    clanId: string,
    text: string,
  ): Promise<KhelApiResult<DataOf<Routes['botAnnounce']>>>;
  linkGroup(
    telegramUserId: number,
    clanId: string,
    group: { chatId: number; title: string },
  ): Promise<KhelApiResult<DataOf<Routes['botLinkGroup']>>>;
  unlinkGroup(telegramUserId: number, chatId: number): Promise<KhelApiResult<{ ok: true }>>;
  /** A clan's members, chief first (public). */
  members(clanId: string, page: number, limit: number): Promise<KhelApiResult<ClanMemberPageAnswer>>;
  /** Inline mode: the Telegram user's own minted card and the minted cards whose name starts with `prefix`. */
  pogCards(telegramUserId: number, prefix: string): Promise<KhelApiResult<PogBotCardsAnswer>>;
  /** Inline mode: what a shared quest, campaign, tournament or article shows (public; 404 when there is none). */
  shareItem(kind: ShareKind, ref: string, lang: BotLocale): Promise<KhelApiResult<ShareItemAnswer>>;
  /** `/start link_<token>`: links the Telegram user to the Khel account that made the link on the website. */
  completeTelegramLink(
    telegramUserId: number,
    body: z.input<typeof identityRoutes.botTelegramLink.body>,
  ): Promise<KhelApiResult<DataOf<(typeof identityRoutes)['botTelegramLink']>>>;
  /**
   * Telegram Stars: a pre_checkout_query of the Telegram user, checked by the API (product, price, stock). Gives up
   * after `timeoutMs` (KhelApiUnavailableError), so the bot can still answer within Telegram's 10 s.
   */
  starsPreCheckout(
    telegramUserId: number,
    body: z.input<typeof starsRoutes.botStarsPreCheckout.body>,
    timeoutMs?: number,
  ): Promise<KhelApiResult<StarsPreCheckoutAnswer>>;
  /** Telegram Stars: the K-Cash packs on sale (public). */
  starsPacks(): Promise<KhelApiResult<StarsPacksAnswer>>;
  /** Telegram Stars: an invoice of a pack for the Telegram user (403 without a linked Khel account). */
  starsInvoice(telegramUserId: number, packId: string): Promise<KhelApiResult<StarsBotInvoiceAnswer>>;
  /** Telegram Stars: a successful_payment of the Telegram user, booked once per charge id by the API. */
  starsPayment(
    telegramUserId: number,
    body: z.input<typeof starsRoutes.botStarsPayment.body>,
  ): Promise<KhelApiResult<StarsPaymentAnswer>>;
}

/** `/bot/clans/:clanId/requests/:userId/approve` + values → the path with each value encoded. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`fillPath: missing :${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function createKhelApi(options: KhelApiOptions): KhelApi {
  const caller: Caller = {
    base: options.baseUrl.replace(/\/+$/, ''),
    doFetch: options.fetch ?? ((url, init) => fetch(url, init)),
    clock: options.clock ?? (() => new Date()),
    timeoutMs: options.timeoutMs ?? 10_000,
    botToken: options.botToken,
  };
  const call = <R extends RouteDef>(route: R, request: CallRequest) => callRoute(caller, route, request);

  const r = clansRoutes;
  return {
    console: (actor, clanId) => call(r.botClanConsole, { actor, ...(clanId ? { query: { clanId } } : {}) }),
    groupClan: (actor, chatId) => call(r.botGroupClan, { actor, params: { chatId } }),
    approve: (actor, clanId, userId) => call(r.botApproveRequest, { actor, params: { clanId, userId } }),
    refuse: (actor, clanId, userId) => call(r.botRefuseRequest, { actor, params: { clanId, userId } }),
    removeMember: (actor, clanId, userId) => call(r.botRemoveMember, { actor, params: { clanId, userId } }),
    announce: (actor, clanId, text) => call(r.botAnnounce, { actor, params: { clanId }, body: { text } }),
    linkGroup: (actor, clanId, group) => call(r.botLinkGroup, { actor, params: { clanId }, body: group }),
    unlinkGroup: (actor, chatId) => call(r.botUnlinkGroup, { actor, params: { chatId } }),
    members: (clanId, page, limit) => call(r.clanMembers, { params: { clanId }, query: { page, limit } }),
    pogCards: (actor, prefix) => call(pogRoutes.pogBotCards, { actor, query: { prefix } }),
    shareItem: (kind, ref, lang) => call(sharingRoutes.shareItem, { params: { kind, ref }, query: { lang } }),
    completeTelegramLink: (actor, body) => call(identityRoutes.botTelegramLink, { actor, body }),
    starsPreCheckout: (actor, body, timeoutMs) =>
      call(starsRoutes.botStarsPreCheckout, { actor, body, ...(timeoutMs ? { timeoutMs } : {}) }),
    starsPayment: (actor, body) => call(starsRoutes.botStarsPayment, { actor, body }),
    starsPacks: () => call(starsRoutes.starsPacks, {}),
    starsInvoice: (actor, packId) => call(starsRoutes.botStarsInvoice, { actor, body: { packId } }),
  };
}

interface Caller {
  base: string;
  doFetch: KhelApiFetch;
  clock: () => Date;
  timeoutMs: number;
  botToken: string;
}

interface CallRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  actor?: number;
  /** This call's limit instead of the client's. */
  timeoutMs?: number;
}

/** One call to the API, as the Telegram user `actor` when given; the answer checked against the contract. */
async function callRoute<R extends RouteDef>(
  caller: Caller,
  route: R,
  request: CallRequest,
): Promise<KhelApiResult<DataOf<R>>> {
  let url = `${caller.base}${fillPath(route.path, request.params ?? {})}`;
  if (request.query) {
    const search = new URLSearchParams(
      Object.entries(request.query).map(([k, v]) => [k, String(v)] as [string, string]),
    );
    url += `?${search}`;
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.actor !== undefined)
    headers.authorization = await botActorAuthorization(caller.botToken, request.actor, caller.clock());
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await caller.doFetch(url, {
      method: route.method,
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal: AbortSignal.timeout(request.timeoutMs ?? caller.timeoutMs),
    });
  } catch (error) {
    throw new KhelApiUnavailableError(`${route.method} ${route.path}: the API could not be reached`, {
      cause: error,
    });
  }
  return readAnswer(route, response);
}

/** The response envelope → a result; an unreachable, broken or off-contract API throws KhelApiUnavailableError. */
async function readAnswer<R extends RouteDef>(
  route: R,
  response: Response,
): Promise<KhelApiResult<DataOf<R>>> {
  let envelope: { success?: unknown; status?: unknown; data?: unknown; message?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch (error) {
    throw new KhelApiUnavailableError(
      `${route.method} ${route.path}: answered ${response.status}, not JSON`,
      {
        cause: error,
      },
    );
  }
  if (response.status >= 500 || typeof envelope !== 'object' || envelope === null)
    throw new KhelApiUnavailableError(`${route.method} ${route.path}: answered ${response.status}`);
  if (!response.ok || envelope.success !== true) {
    return {
      ok: false,
      status: response.status,
      message: typeof envelope.message === 'string' ? envelope.message : `HTTP ${response.status}`,
    };
  }
  const parsed = route.response.safeParse(envelope.data);
  if (!parsed.success)
    throw new KhelApiUnavailableError(
      `${route.method} ${route.path}: the answer does not match the contract (${parsed.error.message})`,
    );
  return { ok: true, data: parsed.data as DataOf<R> };
}
