// Draws the website's app icons (apps/web/public/icons/*.png, named in manifest.webmanifest) from the logo,
// apps/web/public/favicon.svg, with resvg (a dependency of apps/api). Run after the logo changes:
//   node tooling/scripts/pwa-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const { Resvg } = createRequire(join(root, 'apps/api/package.json'))('@resvg/resvg-js');
const icons = join(root, 'apps/web/public/icons');
const logo = readFileSync(join(root, 'apps/web/public/favicon.svg'), 'utf8');
const mark = /<path d="([^"]+)"/.exec(logo)?.[1];
if (!mark) throw new Error('favicon.svg has no <path>');
const gradient =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c5cff"/><stop offset="1" stop-color="#1fe0a8"/></linearGradient></defs>';

function draw(svg, size, name) {
  writeFileSync(
    join(icons, name),
    new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng(),
  );
}
draw(logo, 192, 'khel-192.png');
draw(logo, 512, 'khel-512.png');
// Maskable: the gradient to every edge, the mark inside the 80 % safe circle.
draw(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(12.8 12.8) scale(0.6)"><path d="${mark}" fill="#fff"/></g></svg>`,
  512,
  'khel-maskable-512.png',
);
// The notification badge (Android's status bar shows its alpha only).
draw(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="${mark}" fill="#fff"/></svg>`,
  96,
  'khel-badge-96.png',
);
