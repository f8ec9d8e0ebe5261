#!/usr/bin/env node
// Writes Khel's own demo art as SVG (game covers, partner hub logos and banners, the default quest
// cover) into apps/web/public/art and apps/miniapp/public/art. Deterministic: each picture is drawn
// from a hash of its slug (colours, shapes) plus its name, so running it again writes the same bytes.
// Usage: node tooling/art/generate-art.mjs   (then commit the files; they are our own work, see
// apps/web/public/art/LICENSE.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = ['apps/web/public/art', 'apps/miniapp/public/art'];

// Kept in step with packages/db/src/demo-quests.ts (slugs and names; the art's paths are built there).
const HUBS = [
  { slug: 'bullieverse', name: 'Bullieverse', motif: 'bull' },
  { slug: 'colexion', name: 'Colexion', motif: 'cards' },
  { slug: 'dark-throne', name: 'Dark Throne', motif: 'crown' },
];
const GAMES = [
  { slug: 'bullie-bowling', name: 'Bullie Bowling', motif: 'bowling' },
  { slug: 'bullie-racer', name: 'Bullie Racer', motif: 'racer' },
  { slug: 'colexion-cricket-legends', name: 'Cricket Legends', motif: 'cricket' },
  { slug: 'colexion-futebol-stars', name: 'Futebol Stars', motif: 'football' },
  { slug: 'dark-throne-sieges', name: 'Dark Throne: Sieges', motif: 'castle' },
  { slug: 'dark-throne-runes', name: 'Dark Throne: Runes', motif: 'runes' },
  { slug: 'squad-royale', name: 'Squad Royale', motif: 'target' },
  { slug: 'lane-clash', name: 'Lane Clash', motif: 'swords' },
  { slug: 'steel-strike', name: 'Steel Strike', motif: 'target' },
  { slug: 'ton-tap-heroes', name: 'TON Tap Heroes', motif: 'tap' },
  { slug: 'pixel-farm', name: 'Pixel Farm', motif: 'farm' },
  { slug: 'quiz-champions', name: 'Quiz Champions', motif: 'quiz' },
];

/** FNV-1a: a stable 32-bit number per text. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A small seeded generator (mulberry32), so every shape of a picture follows from its slug. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const escapeXml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const r2 = (n) => Math.round(n * 10) / 10;

function palette(slug) {
  const h = hash(slug);
  const hue = h % 360;
  return {
    hue,
    dark: `hsl(${hue} 55% 14%)`,
    mid: `hsl(${(hue + 35) % 360} 70% 38%)`,
    bright: `hsl(${(hue + 70) % 360} 90% 62%)`,
    accent: `hsl(${(hue + 180) % 360} 85% 60%)`,
  };
}

/** A big emblem for a motif, drawn around (0,0) in a 200-unit box. */
function motifShape(motif, c) {
  const s = `fill="${c.bright}"`;
  const line = `fill="none" stroke="${c.bright}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"`;
  switch (motif) {
    case 'bull':
      return `<path d="M-70-40q20 10 40 0M70-40q-20 10-40 0" ${line}/><path d="M-40-20h80l-10 70q-30 25-60 0z" ${s}/><circle cx="-15" cy="10" r="7" fill="${c.dark}"/><circle cx="15" cy="10" r="7" fill="${c.dark}"/>`;
    case 'cards':
      return `<rect x="-70" y="-60" width="80" height="110" rx="10" transform="rotate(-12)" fill="${c.accent}"/><rect x="-20" y="-60" width="80" height="110" rx="10" transform="rotate(10)" ${s}/><path d="M20 -5l10 20 22 3-16 15 4 22-20-10-20 10 4-22-16-15 22-3z" fill="${c.dark}" transform="rotate(10)"/>`;
    case 'crown':
      return `<path d="M-75 40l-10-80 45 40 40-60 40 60 45-40-10 80z" ${s}/><rect x="-75" y="45" width="150" height="18" rx="6" fill="${c.accent}"/>`;
    case 'bowling':
      return `<circle cx="-25" cy="10" r="55" ${s}/><circle cx="-40" cy="-10" r="7" fill="${c.dark}"/><circle cx="-20" cy="-18" r="7" fill="${c.dark}"/><circle cx="-28" cy="5" r="7" fill="${c.dark}"/><path d="M55-60q15 0 12 25q-4 15 6 40q8 30-18 45q-26-15-18-45q10-25 6-40q-3-25 12-25z" fill="${c.accent}"/>`;
    case 'racer':
      return `<path d="M-85 20l20-35h70l30 20h40l10 15v15h-170z" ${s}/><circle cx="-50" cy="40" r="18" fill="${c.dark}" stroke="${c.accent}" stroke-width="6"/><circle cx="50" cy="40" r="18" fill="${c.dark}" stroke="${c.accent}" stroke-width="6"/><path d="M-100-40h40M-110-20h35M-95 0h25" ${line}/>`;
    case 'cricket':
      return `<rect x="-12" y="-80" width="24" height="130" rx="8" transform="rotate(30)" ${s}/><rect x="-6" y="-110" width="12" height="40" rx="4" transform="rotate(30)" fill="${c.accent}"/><circle cx="45" cy="45" r="20" fill="#e84a5f"/><path d="M30 40q15 10 30 0" stroke="#fff" stroke-width="3" fill="none"/>`;
    case 'football':
      return `<circle r="65" fill="#f5f7ff"/><path d="M0-25l24 17-9 28h-30l-9-28z" fill="${c.dark}"/><path d="M0-25v-40M24-8l38-12M15 20l24 32M-15 20l-24 32M-24-8l-38-12" stroke="${c.dark}" stroke-width="5"/>`;
    case 'castle':
      return `<path d="M-80 60v-90h20v15h20v-15h20v30h40v-30h20v15h20v-15h20v90z" ${s}/><path d="M-15 60v-35q15-18 30 0v35z" fill="${c.dark}"/><path d="M0-70v-40l30 10-30 10" fill="${c.accent}"/>`;
    case 'runes':
      return [0, 1, 2, 3, 4, 5]
        .map((i) => {
          const x = -70 + (i % 3) * 70;
          const y = -35 + Math.floor(i / 3) * 70;
          const fill = i % 2 ? c.accent : c.bright;
          return `<path d="M${x} ${y - 30}l26 30-26 30-26-30z" fill="${fill}"/><path d="M${x} ${y - 14}v28M${x - 8} ${y}h16" stroke="${c.dark}" stroke-width="4"/>`;
        })
        .join('');
    case 'target':
      return `<circle r="70" ${line}/><circle r="42" ${line}/><circle r="12" ${s}/><path d="M0-95v40M0 55v40M-95 0h40M55 0h40" ${line}/>`;
    case 'swords':
      return `<path d="M-70-70l110 110M70-70l-110 110" stroke="${c.bright}" stroke-width="14" stroke-linecap="round"/><path d="M25 45l20-20M-25 45l-20-20" stroke="${c.accent}" stroke-width="14" stroke-linecap="round"/>`;
    case 'tap':
      return `<circle r="70" fill="none" stroke="${c.accent}" stroke-width="6" stroke-dasharray="10 12"/><circle r="45" ${s}/><path d="M-10-20l40 20-40 20z" fill="${c.dark}"/>`;
    case 'farm':
      return `<path d="M-70 50v-60l70-50 70 50v60z" ${s}/><rect x="-20" y="10" width="40" height="40" fill="${c.dark}"/><path d="M-90 60h180" ${line}/><circle cx="70" cy="-70" r="18" fill="#ffd84a"/>`;
    case 'quiz':
      return `<circle r="70" ${s}/><text y="38" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="900" font-size="110" fill="${c.dark}">?</text>`;
    default:
      return `<circle r="60" ${s}/>`;
  }
}

/** A field of soft shapes behind the emblem. */
function backdrop(slug, c, width, height, count) {
  const rnd = random(hash(`${slug}:bg`));
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = r2(rnd() * width);
    const y = r2(rnd() * height);
    const size = r2(20 + rnd() * (height / 3));
    const opacity = r2(0.08 + rnd() * 0.18);
    const fill = rnd() > 0.5 ? c.bright : c.accent;
    out +=
      rnd() > 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${fill}" opacity="${opacity}"/>`
        : `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${r2(size / 5)}" transform="rotate(${Math.round(rnd() * 90)} ${x} ${y})" fill="${fill}" opacity="${opacity}"/>`;
  }
  return out;
}

function gradient(id, c) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.dark}"/><stop offset="0.6" stop-color="${c.mid}"/><stop offset="1" stop-color="${c.dark}"/></linearGradient>`;
}

function svg(width, height, body, label) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title>${body}</svg>\n`;
}

function cover(game) {
  const c = palette(game.slug);
  const [w, h] = [640, 360];
  const body = `<defs>${gradient('g', c)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/>${backdrop(game.slug, c, w, h, 14)}<g transform="translate(430 170) scale(1.05)">${motifShape(game.motif, c)}</g>`;
  return svg(w, h, body, game.name);
}

function hubLogo(hub) {
  const c = palette(hub.slug);
  const body = `<defs>${gradient('g', c)}</defs><rect width="256" height="256" rx="56" fill="url(#g)"/><g transform="translate(128 122) scale(0.85)">${motifShape(hub.motif, c)}</g><text x="128" y="232" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="26" fill="#ffffff">${escapeXml(hub.name.toUpperCase())}</text>`;
  return svg(256, 256, body, `${hub.name} logo`);
}

function hubBanner(hub) {
  const c = palette(hub.slug);
  const [w, h] = [1200, 400];
  const body = `<defs>${gradient('g', c)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/>${backdrop(hub.slug, c, w, h, 26)}<g transform="translate(960 190) scale(1.5)">${motifShape(hub.motif, c)}</g>`;
  return svg(w, h, body, `${hub.name} banner`);
}

function defaultQuest() {
  const c = palette('khel-quest');
  const [w, h] = [640, 360];
  const body = `<defs>${gradient('g', c)}</defs><rect width="${w}" height="${h}" fill="url(#g)"/>${backdrop('khel-quest', c, w, h, 16)}<g transform="translate(320 170)">${motifShape('target', c)}</g>`;
  return svg(w, h, body, 'K-Quest');
}

const files = new Map();
for (const game of GAMES) files.set(`games/${game.slug}.svg`, cover(game));
for (const hub of HUBS) {
  files.set(`hubs/${hub.slug}-logo.svg`, hubLogo(hub));
  files.set(`hubs/${hub.slug}-banner.svg`, hubBanner(hub));
}
files.set('quests/default.svg', defaultQuest());

for (const target of TARGETS) {
  for (const [name, text] of files) {
    const path = join(root, target, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}
console.log(`wrote ${files.size} pictures into ${TARGETS.join(' and ')}`);
