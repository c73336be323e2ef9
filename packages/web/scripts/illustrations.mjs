#!/usr/bin/env node
// `npm run illustrations -w packages/web`: writes each operator's illustrations
// (public/themes/<op>/{hero,home,empty}.svg) from the colours in its theme.css, so the
// pictures follow the brand from one place. Drawn, not photographed: a few KB each, no
// download, sharp at any size (docs/design.md, ADR 018). Run it after changing a theme's
// colours and commit the files it writes. The files are aria-hidden: a page shows them as
// <img>, whose alt text (or empty alt) is what assistive technology reads.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const themes = path.resolve(import.meta.dirname, '../public/themes');
const OPERATORS = ['de', 'at', 'ch', 'no', 'fi'];

function colours(operator) {
  const css = readFileSync(path.join(themes, operator, 'theme.css'), 'utf8');
  const token = (name) => {
    const match = css.match(new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`));
    if (!match) throw new Error(`${operator}/theme.css has no --${name}`);
    return match[1];
  };
  return {
    accent: token('color-accent'),
    brand: token('color-brand'),
    soft: token('color-brand-soft'),
  };
}

/** A runner in full stride, in round strokes like the logo's slashes. */
const runner = (
  x,
  y,
  scale,
  colour,
) => `<g transform="translate(${x} ${y}) scale(${scale})" stroke="${colour}" stroke-width="26" stroke-linecap="round" stroke-linejoin="round" fill="none">
    <circle cx="170" cy="20" r="32" fill="${colour}" stroke="none"/>
    <path d="M155 78 110 190M148 98 90 122 60 172M148 98 210 138 260 108M110 190 180 240 160 330M110 190 60 270-10 280"/>
  </g>`;

/**
 * Login: the brand's slashes, a track ring and a runner (meaningful: alt text). Transparent:
 * it lies on the page's hero gradient (--hero-from, --hero-to), which fills any shape of box.
 */
function hero(c) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" aria-hidden="true">
  <circle cx="560" cy="300" r="250" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="48"/>
  <circle cx="560" cy="300" r="150" fill="none" stroke="#fff" stroke-opacity=".06" stroke-width="24"/>
  <path d="M40 600 210 130h70L110 600zM170 600 340 130h70L240 600z" fill="#fff" fill-opacity=".07"/>
  <path d="M300 600 470 130h70L370 600z" fill="${c.accent}" fill-opacity=".9"/>
  <path d="M250 230h120M220 300h110M270 370h90" stroke="${c.accent}" stroke-width="16" stroke-linecap="round"/>
  ${runner(380, 120, 1, '#fff')}
  <path d="M330 480h420" stroke="#fff" stroke-opacity=".3" stroke-width="6" stroke-linecap="round"/>
</svg>
`;
}

/** Home's welcome: the same motifs at the card's right edge (decorative). */
function home(c) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 240" aria-hidden="true">
  <circle cx="330" cy="120" r="150" fill="none" stroke="#fff" stroke-opacity=".1" stroke-width="34"/>
  <path d="M120 240 200 0h46L166 240zM200 240 280 0h46L246 240z" fill="#fff" fill-opacity=".08"/>
  <path d="M282 240 362 0h46L328 240z" fill="${c.accent}" fill-opacity=".85"/>
  ${runner(250, 40, 0.52, '#fff')}
</svg>
`;
}

/** Empty lists: a kettlebell on a soft disc (decorative: the text beside it says what is empty). */
function empty(c) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 120" aria-hidden="true">
  <ellipse cx="80" cy="64" rx="68" ry="52" fill="${c.soft}"/>
  <path d="M64 62C54 26 106 26 96 62" fill="none" stroke="${c.brand}" stroke-width="9" stroke-linecap="round"/>
  <circle cx="80" cy="72" r="26" fill="${c.brand}"/>
  <rect x="62" y="86" width="36" height="12" rx="4" fill="${c.brand}"/>
  <path d="M124 28l8-8M132 44h10M118 16V6" stroke="${c.accent}" stroke-width="5" stroke-linecap="round"/>
  <path d="M30 100h100" stroke="${c.brand}" stroke-opacity=".25" stroke-width="4" stroke-linecap="round"/>
</svg>
`;
}

for (const operator of OPERATORS) {
  const c = colours(operator);
  for (const [name, draw] of Object.entries({ hero, home, empty })) {
    const file = path.join(themes, operator, `${name}.svg`);
    writeFileSync(file, draw(c));
    console.log(`${path.relative(process.cwd(), file)} ${Buffer.byteLength(draw(c))} B`);
  }
}
