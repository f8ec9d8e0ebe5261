#!/usr/bin/env node
// Writes the covers of the demo articles and videos (apps/api/src/modules/content/demo-articles.ts) as SVG into
// apps/web/public/art/content and apps/miniapp/public/art/content: our own drawings, deterministic, no text
// (the page shows the title in the reader's language).
// Usage: node tooling/art/generate-content-covers.mjs   (then commit the files).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = ['apps/web/public/art/content', 'apps/miniapp/public/art/content'];

const COVERS = [
  { slug: 'first-week-on-khel', from: '#7c5cff', to: '#1fe0a8', motif: 'steps' },
  { slug: 'clan-chief-playbook', from: '#ff8a3d', to: '#7c2cff', motif: 'shield' },
  { slug: 'staying-safe-with-rewards', from: '#0fb5ff', to: '#0b3d91', motif: 'lock' },
  { slug: 'sintel-open-movie', from: '#2b3a67', to: '#c9d6ff', motif: 'dragon' },
  { slug: 'big-buck-bunny-open-movie', from: '#58c742', to: '#f7e85a', motif: 'bunny' },
];

const MOTIFS = {
  steps: `<g fill="#fff" fill-opacity=".9"><rect x="420" y="430" width="140" height="60" rx="10"/><rect x="560" y="370" width="140" height="120" rx="10"/><rect x="700" y="300" width="140" height="190" rx="10"/><rect x="840" y="220" width="140" height="270" rx="10"/></g><circle cx="910" cy="160" r="40" fill="#ffd23f"/>`,
  shield: `<path d="M640 110l190 70v140c0 120-90 190-190 230-100-40-190-110-190-230V180z" fill="#fff" fill-opacity=".9"/><path d="M640 190l40 80 88 12-64 60 16 88-80-42-80 42 16-88-64-60 88-12z" fill="#ff8a3d"/>`,
  lock: `<rect x="500" y="260" width="280" height="230" rx="28" fill="#fff" fill-opacity=".92"/><path d="M560 260v-60a80 80 0 0 1 160 0v60" fill="none" stroke="#fff" stroke-width="34"/><circle cx="640" cy="360" r="30" fill="#0b3d91"/><rect x="628" y="370" width="24" height="70" rx="10" fill="#0b3d91"/>`,
  dragon: `<circle cx="900" cy="170" r="70" fill="#fff" fill-opacity=".85"/><path d="M300 480c120-60 200-160 320-170 90-8 140 40 220 20 60-15 90-60 150-50-40 40-60 90-120 120-80 40-150 10-230 40-100 38-180 110-340 40z" fill="#1b2036" fill-opacity=".85"/><path d="M620 300l-80-120 140 80zM700 290l20-140 60 130z" fill="#1b2036" fill-opacity=".85"/>`,
  bunny: `<ellipse cx="640" cy="400" rx="170" ry="130" fill="#fff" fill-opacity=".92"/><ellipse cx="580" cy="200" rx="34" ry="110" fill="#fff" fill-opacity=".92"/><ellipse cx="700" cy="200" rx="34" ry="110" fill="#fff" fill-opacity=".92"/><circle cx="595" cy="370" r="14" fill="#333"/><circle cx="685" cy="370" r="14" fill="#333"/><ellipse cx="640" cy="415" rx="18" ry="12" fill="#f58fb0"/>`,
};

function svg({ slug, from, to, motif }) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720" role="img" aria-label="${slug}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<g fill="#fff" fill-opacity=".08"><circle cx="120" cy="620" r="220"/><circle cx="1180" cy="80" r="180"/></g>
${MOTIFS[motif]}
<rect x="0" y="600" width="1280" height="120" fill="#0b0d17" fill-opacity=".25"/>
</svg>
`;
}

for (const target of TARGETS) {
  const dir = join(root, target);
  mkdirSync(dir, { recursive: true });
  for (const cover of COVERS) writeFileSync(join(dir, `${cover.slug}.svg`), svg(cover));
}
console.log(`wrote ${COVERS.length} covers into ${TARGETS.join(' and ')}`);
