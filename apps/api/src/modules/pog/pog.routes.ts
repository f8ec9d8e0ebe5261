import {
  MINT_MODES,
  MINT_STATES,
  POG_AVATAR_GENERATIONS_MAX,
  POG_MINT_STEPS,
  POG_NOT_FOUND_MESSAGE,
  POG_SELFIE_FIELD,
  POG_SELFIE_TYPE_MESSAGE,
  POG_SELFIE_UPLOAD_MAX_BYTES,
  pogRoutes,
} from '@khel/core/contract';
import { MINT_DURATION_MS } from '@khel/core/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { mountIdempotent } from '../../lib/idempotency.ts';
import { ACTIVE_USER, mount, parseRouteInput } from '../../lib/route.ts';
import { optionalReader } from '../clans/index.ts';
import { cardByName, cardRowByName, metadataOf, originOf } from './cards.ts';
import {
  catalogueView,
  categoriesView,
  charactersView,
  randomVariants,
  stylesView,
} from './catalogue-view.ts';
import { pogDashboard } from './dashboard.ts';
import {
  activate,
  generateAvatar,
  goBack,
  mintStatus,
  nameAvailable,
  quickMint,
  reserveName,
  saveCategory,
  saveCharacter,
  saveStyle,
  setMode,
  skipSelfie,
  unlockSlot,
  uploadSelfie,
} from './flow.ts';
import { runPogGraphql } from './graphql.ts';
import { cardImage } from './images.ts';
import { feedPage, pogLeaderboard, pogReferrals, setLike, shareCard } from './social.ts';

const IMAGE_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

export function pogRouter(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  mountCatalogueRoutes(app);
  mountMintFlowRoutes(app);
  mountCardFeedRoutes(app);
  mountDocumentRoutes(app);
  return app;
}

/** Public catalogue of the mint: states, themes, characters, styles and name checks. */
function mountCatalogueRoutes(app: Hono<AppEnv>): void {
  mount(app, pogRoutes.pogMintStates, async () => ({
    data: {
      states: [...MINT_STATES],
      modes: [...MINT_MODES],
      steps: POG_MINT_STEPS.map((s) => ({ key: s.key, label: s.label })),
      mintExpectedMs: MINT_DURATION_MS,
      generationsMax: POG_AVATAR_GENERATIONS_MAX,
    },
  }));
  mount(app, pogRoutes.pogCatalogue, async () => ({ data: catalogueView() }));
  mount(app, pogRoutes.pogAvatarCategories, async ({ query }) => ({ data: categoriesView(query.theme) }));
  mount(app, pogRoutes.pogCharacters, async ({ query }) => ({
    data: charactersView(query.theme, query.category),
  }));
  mount(app, pogRoutes.pogStyles, async ({ query }) => ({ data: stylesView(query.theme) }));
  mount(app, pogRoutes.pogRandomVariants, async ({ query }) => ({
    data: randomVariants(query.theme ?? null, query.count),
  }));
  mount(app, pogRoutes.pogNameAvailable, async ({ c, query }) => ({
    data: { name: query.name, available: await nameAvailable(c.get('deps').db, query.name) },
  }));
}

/** The signed-in user's mint flow, step by step, and the paid slot unlock. */
function mountMintFlowRoutes(app: Hono<AppEnv>): void {
  mount(app, pogRoutes.pogMintStatus, ACTIVE_USER, async ({ c, user }) => ({
    data: await mintStatus(c.get('deps'), user.id),
  }));
  mount(app, pogRoutes.pogReserveName, ACTIVE_USER, async ({ c, user, body }) => {
    await reserveName(c.get('deps'), user.id, body.name, body.mode);
    return { data: await mintStatus(c.get('deps'), user.id), message: 'Name reserved' };
  });
  mount(app, pogRoutes.pogSetMode, ACTIVE_USER, async ({ c, user, body }) => {
    await setMode(c.get('deps'), user.id, body.mode);
    return { data: await mintStatus(c.get('deps'), user.id) };
  });
  mount(app, pogRoutes.pogSaveCategory, ACTIVE_USER, async ({ c, user, body }) => {
    await saveCategory(c.get('deps'), user.id, body.theme, body.category);
    return { data: await mintStatus(c.get('deps'), user.id) };
  });
  mount(app, pogRoutes.pogSaveCharacter, ACTIVE_USER, async ({ c, user, body }) => {
    await saveCharacter(c.get('deps'), user.id, body.character);
    return { data: await mintStatus(c.get('deps'), user.id) };
  });
  mount(app, pogRoutes.pogSaveStyle, ACTIVE_USER, async ({ c, user, body }) => {
    await saveStyle(c.get('deps'), user.id, body.style);
    return { data: await mintStatus(c.get('deps'), user.id) };
  });
  mount(app, { ...pogRoutes.pogSelfie, body: undefined }, ACTIVE_USER, async ({ c, user }) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new AppError(400, POG_SELFIE_TYPE_MESSAGE);
    }
    const file = form[POG_SELFIE_FIELD];
    if (!(file instanceof File) || file.size === 0) throw new AppError(400, POG_SELFIE_TYPE_MESSAGE);
    if (file.size > POG_SELFIE_UPLOAD_MAX_BYTES) throw new AppError(413, 'The request is too large.');
    await uploadSelfie(c.get('deps'), user.id, new Uint8Array(await file.arrayBuffer()));
    return { data: await mintStatus(c.get('deps'), user.id) };
  });
  mount(app, pogRoutes.pogSkipSelfie, ACTIVE_USER, async ({ c, user }) => {
    await skipSelfie(c.get('deps'), user.id);
    return { data: await mintStatus(c.get('deps'), user.id) };
  });
  mount(app, pogRoutes.pogBack, ACTIVE_USER, async ({ c, user, body }) => {
    await goBack(c.get('deps'), user.id, body.to);
    return { data: await mintStatus(c.get('deps'), user.id) };
  });
  mount(app, pogRoutes.pogGenerateAvatar, ACTIVE_USER, async ({ c, user }) => {
    await generateAvatar(c.get('deps'), user.id);
    return { data: await mintStatus(c.get('deps'), user.id) };
  });
  mount(app, pogRoutes.pogActivate, ACTIVE_USER, async ({ c, user, body }) => {
    await activate(c.get('deps'), user.id, body.chain);
    return { data: await mintStatus(c.get('deps'), user.id), message: 'Minting your POG card' };
  });
  mount(app, pogRoutes.pogQuickMint, ACTIVE_USER, async ({ c, user, body }) => {
    await quickMint(c.get('deps'), user.id, body.name, body.chain);
    return { data: await mintStatus(c.get('deps'), user.id), message: 'Minting your POG card' };
  });
  mountIdempotent(app, pogRoutes.pogUnlockSlot, ACTIVE_USER, async ({ c, tx, user, body, operationId }) => {
    const deps = c.get('deps');
    const { amount } = await unlockSlot(tx, deps, user.id, body.currency, operationId);
    return {
      data: {
        status: await mintStatus({ ...deps, db: tx }, user.id),
        paid: { amount: amount.toString(), currency: body.currency },
      },
      message: 'Slot unlocked',
    };
  });
}

/** Cards once minted: the user's own, feeds, likes, showcase, sharing, leaderboard and referrals. */
function mountCardFeedRoutes(app: Hono<AppEnv>): void {
  mount(app, pogRoutes.pogMyCard, ACTIVE_USER, async ({ c, user }) => ({
    data: await pogDashboard(c.get('deps'), user.id),
  }));
  mount(app, pogRoutes.pogList, async ({ c, query }) => ({
    data: await feedPage(c.get('deps'), await optionalReader(c), 'list', query),
  }));
  mount(app, pogRoutes.pogFeedLegendary, async ({ c, query }) => ({
    data: await feedPage(c.get('deps'), await optionalReader(c), 'legendary', query),
  }));
  mount(app, pogRoutes.pogFeedAll, async ({ c, query }) => ({
    data: await feedPage(c.get('deps'), await optionalReader(c), 'all', query),
  }));
  mount(app, pogRoutes.pogFeedClan, ACTIVE_USER, async ({ c, user, query }) => ({
    data: await feedPage(c.get('deps'), user.id, 'clan', query),
  }));
  mount(app, pogRoutes.pogLike, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await setLike(c.get('deps'), user.id, params.cardId, true),
  }));
  mount(app, pogRoutes.pogUnlike, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await setLike(c.get('deps'), user.id, params.cardId, false),
  }));
  mount(app, pogRoutes.pogShowcase, async ({ c, params }) => ({
    data: await cardByName(c.get('deps'), await optionalReader(c), params.username),
  }));
  mount(app, pogRoutes.pogShare, ACTIVE_USER, async ({ c, user, body }) => ({
    data: await shareCard(c.get('deps'), user.id, body.channel, body.lang),
  }));
  mount(app, pogRoutes.pogLeaderboard, async ({ c, query }) => ({
    data: await pogLeaderboard(c.get('deps'), await optionalReader(c), query.tab),
  }));
  mount(app, pogRoutes.pogReferrals, ACTIVE_USER, async ({ c, user }) => ({
    data: await pogReferrals(c.get('deps'), user.id),
  }));
}

/** Images, NFT metadata and GraphQL: raw bodies rather than envelopes. */
function mountDocumentRoutes(app: Hono<AppEnv>): void {
  // Bytes and documents, not envelopes: the contract's params first (a bad name is a 404 envelope).
  app.get(pogRoutes.pogCardImage.path, async (c) => {
    const { params, query } = await parseRouteInput(c, pogRoutes.pogCardImage, { body: false });
    const face = params.face.replace('.png', '') as 'front' | 'back' | 'share';
    const image = await cardImage(c.get('deps'), params.username, face, query.lang);
    c.header('Cache-Control', IMAGE_CACHE);
    c.header('ETag', image.etag);
    if (c.req.header('if-none-match') === image.etag) return c.body(null, 304);
    c.header('Content-Type', 'image/png');
    return c.body(new Uint8Array(image.png), 200);
  });
  app.get(pogRoutes.pogNftImage.path, async (c) => {
    const { params } = await parseRouteInput(c, pogRoutes.pogNftImage, { body: false });
    const card = await cardRowByName(c.get('deps').db, params.username);
    // `?draft=` asks for the avatar being made (only its maker sees that address).
    const wantsDraft = c.req.query('draft') !== undefined;
    const bytes = wantsDraft ? (card?.draftAvatar ?? card?.avatar) : card?.avatar;
    if (!card || !bytes) throw new AppError(404, POG_NOT_FOUND_MESSAGE);
    c.header('Cache-Control', wantsDraft ? 'private, no-cache' : IMAGE_CACHE);
    c.header('Content-Type', 'image/png');
    return c.body(new Uint8Array(bytes), 200);
  });
  app.get(pogRoutes.pogMetadata.path, async (c) => {
    const { params } = await parseRouteInput(c, pogRoutes.pogMetadata, { body: false });
    const metadata = await metadataOf(c.get('deps'), params.username);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(metadata, 200);
  });
  app.get(pogRoutes.pogTonCollection.path, (c) => {
    const origin = originOf(c.get('deps'));
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(
      {
        name: 'Khel Proof of Gamer',
        description: 'Soulbound Proof of Gamer cards of Khel players: five scores, badges and an avatar.',
        image: `${origin}/favicon.svg`,
        external_link: `${origin}/pog`,
      },
      200,
    );
  });
  app.post(pogRoutes.pogGraphql.path, async (c) => {
    const { body } = await parseRouteInput(c, pogRoutes.pogGraphql);
    const reader = await optionalReader(c);
    return c.json(await runPogGraphql(c.get('deps'), reader, body), 200);
  });
}
