#!/usr/bin/env node
// Writes the clan handbook PDFs (SPEC §2: "a clan handbook PDF") from docs/clan-handbook/<lang>.md into
// apps/web/public/clan-handbook/ and apps/miniapp/public/clan-handbook/, one per language (en, hi, pt-br), with
// pdfkit. The Markdown is kept simple: `#` title, `##` headings, `- ` bullets, `1. ` steps, paragraphs.
// Hindi is set in Lohit Devanagari (SIL OFL; Debian's fonts-lohit-deva), which pdfkit embeds and shapes.
// Usage: node tooling/handbook/generate-handbook.mjs   (then commit the PDFs).
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const TARGETS = ['apps/web/public/clan-handbook', 'apps/miniapp/public/clan-handbook'];
const LANGUAGES = ['en', 'hi', 'pt-br'];
const DEVANAGARI_FONT = '/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf';
const COLORS = { brand: '#7c3aed', accent: '#f59e0b', ink: '#1f2937', muted: '#6b7280', band: '#1e1b4b' };

/** Blocks of the handbook's Markdown. */
function parse(markdown) {
  const blocks = [];
  for (const raw of markdown.split(/\n{2,}/)) {
    const lines = raw.trim().split('\n');
    if (lines[0] === '') continue;
    if (lines[0].startsWith('# ')) blocks.push({ type: 'title', text: lines[0].slice(2) });
    else if (lines[0].startsWith('## ')) blocks.push({ type: 'heading', text: lines[0].slice(3) });
    else if (lines.every((l) => l.startsWith('- ')))
      blocks.push({ type: 'bullets', items: lines.map((l) => l.slice(2)) });
    else if (lines.every((l) => /^\d+\. /.test(l)))
      blocks.push({ type: 'steps', items: lines.map((l) => l.replace(/^\d+\. /, '')) });
    else blocks.push({ type: 'paragraph', text: lines.join(' ') });
  }
  return blocks;
}

function render(lang, blocks, file) {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 56, left: 56, right: 56 },
    info: {
      Title: blocks.find((b) => b.type === 'title')?.text ?? 'Khel Clan Handbook',
      Author: 'Khel',
      // Fixed, so generating again writes the same file.
      CreationDate: new Date(Date.UTC(2026, 10, 25)),
      ModDate: new Date(Date.UTC(2026, 10, 25)),
    },
    lang: lang === 'pt-br' ? 'pt-BR' : lang,
  });
  doc.pipe(createWriteStream(file));
  const devanagari = lang === 'hi';
  if (devanagari) {
    if (!existsSync(DEVANAGARI_FONT))
      throw new Error(`Missing ${DEVANAGARI_FONT}: apt-get install fonts-lohit-deva`);
    doc.registerFont('body', DEVANAGARI_FONT);
    doc.registerFont('bold', DEVANAGARI_FONT);
  } else {
    doc.registerFont('body', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
  }
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  for (const block of blocks) {
    if (block.type === 'title') {
      doc.rect(0, 0, doc.page.width, 132).fill(COLORS.band);
      doc.rect(0, 132, doc.page.width, 6).fill(COLORS.accent);
      doc.font('bold').fontSize(11).fillColor(COLORS.accent).text('KHEL', 56, 40, { characterSpacing: 3 });
      doc.font('bold').fontSize(26).fillColor('#ffffff').text(block.text, 56, 62, { width });
      doc.y = 168;
      doc.x = doc.page.margins.left;
    } else if (block.type === 'heading') {
      if (doc.y > doc.page.height - 160) doc.addPage();
      doc.moveDown(0.6);
      doc.font('bold').fontSize(15).fillColor(COLORS.brand).text(block.text, { width });
      doc.moveDown(0.3);
    } else if (block.type === 'paragraph') {
      doc.font('body').fontSize(11).fillColor(COLORS.ink).text(block.text, { width, lineGap: 3 });
      doc.moveDown(0.5);
    } else {
      block.items.forEach((item, i) => {
        const marker = block.type === 'steps' ? `${i + 1}.` : '•';
        const y = doc.y;
        doc
          .font('bold')
          .fontSize(11)
          .fillColor(COLORS.accent)
          .text(marker, doc.page.margins.left, y, { width: 18 });
        doc
          .font('body')
          .fontSize(11)
          .fillColor(COLORS.ink)
          .text(item, doc.page.margins.left + 20, y, { width: width - 20, lineGap: 3 });
        doc.moveDown(0.35);
      });
      doc.x = doc.page.margins.left;
      doc.moveDown(0.3);
    }
  }
  doc.end();
}

for (const target of TARGETS) mkdirSync(join(root, target), { recursive: true });
for (const lang of LANGUAGES) {
  const blocks = parse(readFileSync(join(root, 'docs/clan-handbook', `${lang}.md`), 'utf8'));
  for (const target of TARGETS) render(lang, blocks, join(root, target, `${lang}.pdf`));
}
console.log(`clan handbook: ${LANGUAGES.length} languages → ${TARGETS.join(', ')}`);
