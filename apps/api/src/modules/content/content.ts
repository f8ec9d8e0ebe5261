import {
  type bannerInputSchema,
  contentInputSchema,
  type footerLinkInputSchema,
  type WebBanner,
} from '@khel/core/contract';
import type { Database, Executor, Transaction } from '@khel/db';
import { contentItems, seedRuns, type WebBannerRow, webBanners, webFooterLinks } from '@khel/db/schema';
import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, logOperatorAction } from '../../lib/audit.ts';
import { upsertContent } from './articles.ts';
import { DEMO_ARTICLES } from './demo-articles.ts';

/** Banners and footer links: what operators put on the site (SPEC §7 web-banners, web-footers). */

export const bannerView = (row: WebBannerRow): WebBanner => ({
  slug: row.slug,
  placement: row.placement,
  title: row.title,
  subtitle: row.subtitle,
  cta: row.cta,
  imageUrl: row.imageUrl,
  linkUrl: row.linkUrl,
  translations: row.translations,
});

/** The active banners of a placement whose window holds `now`, in order. */
export async function listBanners(db: Executor, placement: WebBanner['placement'], now: Date) {
  const rows = await db
    .select()
    .from(webBanners)
    .where(
      and(
        eq(webBanners.placement, placement),
        eq(webBanners.active, true),
        or(isNull(webBanners.startsAt), lte(webBanners.startsAt, now)),
        or(isNull(webBanners.endsAt), gt(webBanners.endsAt, now)),
      ),
    )
    .orderBy(asc(webBanners.sortOrder), asc(webBanners.slug));
  return rows.map(bannerView);
}

const GROUP_ORDER = ['khel', 'community', 'legal'];

export async function footer(db: Executor) {
  const rows = await db
    .select()
    .from(webFooterLinks)
    .where(eq(webFooterLinks.active, true))
    .orderBy(asc(webFooterLinks.sortOrder), asc(webFooterLinks.slug));
  const groups = new Map<
    string,
    { label: string; url: string; translations: Record<string, Record<string, string>> }[]
  >();
  for (const r of rows) {
    const list = groups.get(r.group) ?? [];
    list.push({ label: r.label, url: r.url, translations: r.translations });
    groups.set(r.group, list);
  }
  return {
    groups: [...groups]
      .sort(([a], [b]) => GROUP_ORDER.indexOf(a) - GROUP_ORDER.indexOf(b))
      .map(([group, links]) => ({ group, links })),
  };
}

export async function upsertBanner(tx: Transaction, input: z.output<typeof bannerInputSchema>, actor: Actor) {
  const values = {
    ...input,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
  const [row] = await tx
    .insert(webBanners)
    .values(values)
    .onConflictDoUpdate({ target: webBanners.slug, set: values })
    .returning();
  await logOperatorAction(tx, actor, 'banner.upsert', input.slug);
  return bannerView(row!);
}

export async function upsertFooterLink(
  tx: Transaction,
  input: z.output<typeof footerLinkInputSchema>,
  actor: Actor,
) {
  const [row] = await tx
    .insert(webFooterLinks)
    .values(input)
    .onConflictDoUpdate({ target: webFooterLinks.slug, set: input })
    .returning();
  await logOperatorAction(tx, actor, 'footer-link.upsert', input.slug);
  return { slug: row!.slug, group: row!.group, label: row!.label, url: row!.url };
}

const tr = (hi: string, pt: string) => ({ hi: { label: hi }, 'pt-BR': { label: pt } });

/** The seed_runs markers of seedDemoContent: the site's banners and links, and the articles. */
export const CONTENT_DEMO_SEEDS = { site: 'web-content-v1', articles: 'content-articles-v1' } as const;

/** Demo banners, footer links, articles and videos, seeded once each. */
export async function seedDemoContent(db: Database): Promise<{ applied: boolean }> {
  const site = await seedSiteContent(db);
  const articles = await seedDemoArticles(db);
  return { applied: site.applied || articles.applied };
}

const SEED_ACTOR: Actor = { operatorId: null, name: 'demo-seed' };

/** The demo articles and videos, published, and the footer's clan handbook link (SPEC §2's two external links). */
async function seedDemoArticles(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(seedRuns)
      .values({ name: CONTENT_DEMO_SEEDS.articles })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return { applied: false };
    for (const item of DEMO_ARTICLES) {
      await upsertContent(tx, contentInputSchema.parse(item), SEED_ACTOR, new Date(item.publishedAt));
    }
    await tx
      .update(contentItems)
      .set({ status: 'published' })
      .where(
        inArray(
          contentItems.slug,
          DEMO_ARTICLES.map((a) => a.slug),
        ),
      );
    await tx
      .insert(webFooterLinks)
      .values({
        slug: 'clan-handbook',
        group: 'community',
        label: 'Clan handbook (PDF)',
        url: '/clan-handbook/en.pdf',
        sortOrder: 15,
        translations: tr('क्लैन हैंडबुक (PDF)', 'Manual do clã (PDF)'),
      })
      .onConflictDoNothing();
    return { applied: true };
  });
}

async function seedSiteContent(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(seedRuns)
      .values({ name: CONTENT_DEMO_SEEDS.site })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return { applied: false };
    await tx.insert(webBanners).values(DEMO_BANNERS).onConflictDoNothing();
    await tx.insert(webFooterLinks).values(DEMO_FOOTER_LINKS).onConflictDoNothing();
    return { applied: true };
  });
}

/** The demo banners, one per placement, with Hindi and Brazilian Portuguese texts. */
const DEMO_BANNERS: (typeof webBanners.$inferInsert)[] = [
  {
    slug: 'welcome-quest',
    placement: 'home',
    title: 'Your first K-Cash is one code away',
    subtitle: 'Enter the code KHEL in the welcome quest.',
    cta: 'Start now',
    imageUrl: '/art/quests/default.svg',
    linkUrl: '/quest-details/khel-welcome-quest',
    sortOrder: 10,
    translations: {
      hi: {
        title: 'आपका पहला K-Cash बस एक कोड दूर',
        subtitle: 'स्वागत क्वेस्ट में कोड KHEL डालिए।',
        cta: 'अभी शुरू करें',
      },
      'pt-BR': {
        title: 'Seu primeiro K-Cash está a um código',
        subtitle: 'Digite o código KHEL na quest de boas-vindas.',
        cta: 'Começar',
      },
    },
  },
  {
    slug: 'dark-throne-season',
    placement: 'k-quest',
    title: 'Dark Throne: siege season',
    subtitle: 'Three quests, 30 K-Cash for the siege masters.',
    cta: 'See the quests',
    imageUrl: '/art/hubs/dark-throne-banner.svg',
    linkUrl: '/k-quest/dark-throne',
    sortOrder: 10,
    translations: {
      hi: {
        title: 'Dark Throne: घेराबंदी का सीज़न',
        subtitle: 'तीन क्वेस्ट, घेराबंदी उस्तादों के लिए 30 K-Cash।',
        cta: 'क्वेस्ट देखें',
      },
      'pt-BR': {
        title: 'Dark Throne: temporada de cercos',
        subtitle: 'Três quests, 30 K-Cash para os mestres do cerco.',
        cta: 'Ver as quests',
      },
    },
  },
  {
    slug: 'rkade-open',
    placement: 'games',
    title: 'Play in the Rkade',
    subtitle: 'Four browser games, no download.',
    cta: 'Play',
    imageUrl: '/art/hubs/bullieverse-banner.svg',
    linkUrl: '/rkade',
    sortOrder: 10,
    translations: {
      hi: { title: 'Rkade में खेलिए', subtitle: 'चार ब्राउज़र गेम, कोई डाउनलोड नहीं।', cta: 'खेलें' },
      'pt-BR': {
        title: 'Jogue no Rkade',
        subtitle: 'Quatro jogos no navegador, sem download.',
        cta: 'Jogar',
      },
    },
  },
  {
    slug: 'store-game-currency',
    placement: 'store',
    title: 'Top up your favourite game',
    subtitle: 'Diamonds and UC for K-Cash.',
    cta: 'Shop',
    imageUrl: '/art/hubs/colexion-banner.svg',
    linkUrl: '/k-store/?category=game_currency',
    sortOrder: 10,
    translations: {
      hi: { title: 'अपने पसंदीदा गेम में टॉप-अप कीजिए', subtitle: 'K-Cash से डायमंड और UC।', cta: 'ख़रीदें' },
      'pt-BR': {
        title: 'Recarregue seu jogo favorito',
        subtitle: 'Diamantes e UC por K-Cash.',
        cta: 'Comprar',
      },
    },
  },
];

/** The demo footer links of the three groups. */
const DEMO_FOOTER_LINKS: (typeof webFooterLinks.$inferInsert)[] = [
  {
    slug: 'quests',
    group: 'khel',
    label: 'Quests',
    url: '/k-quest/',
    sortOrder: 10,
    translations: tr('क्वेस्ट', 'Quests'),
  },
  {
    slug: 'games',
    group: 'khel',
    label: 'Games',
    url: '/games/',
    sortOrder: 20,
    translations: tr('गेम', 'Jogos'),
  },
  {
    slug: 'store',
    group: 'khel',
    label: 'K-Store',
    url: '/k-store/',
    sortOrder: 30,
    translations: tr('K-Store', 'K-Store'),
  },
  {
    slug: 'docs',
    group: 'community',
    label: 'Documentation',
    url: '/api/docs',
    sortOrder: 10,
    translations: tr('डॉक्यूमेंटेशन', 'Documentação'),
  },
  {
    slug: 'offerwall',
    group: 'community',
    label: 'Offerwall',
    url: '/offerwall/',
    sortOrder: 20,
    translations: tr('ऑफ़रवॉल', 'Offerwall'),
  },
  {
    slug: 'terms',
    group: 'legal',
    label: 'Terms and conditions',
    url: '/terms-and-conditions',
    sortOrder: 10,
    translations: tr('नियम और शर्तें', 'Termos e condições'),
  },
  {
    slug: 'privacy',
    group: 'legal',
    label: 'Privacy policy',
    url: '/privacy-policy',
    sortOrder: 20,
    translations: tr('गोपनीयता नीति', 'Política de privacidade'),
  },
];
