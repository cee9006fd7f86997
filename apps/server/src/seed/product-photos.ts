import type { Database } from '../db/client';
import { files } from '../db/schema';
import { PRODUCT_FILES } from '../modules/ecommerce/products.resource';
import { insertMany } from './bulk';
import type { PutBytes, StoredBytes } from './stored-bytes';

/*
 * Demo product photos, drawn at seed time (the demo has no internet and ships no stock photos):
 * each kind of thing sold is an SVG drawing with gradients, lit from the upper left, standing on a
 * studio backdrop with a soft floor shadow, rendered by sharp to an 800×800 JPEG. The same
 * drawing in the same colour always gives the same bytes, so the store keeps it once.
 */

export const photoKinds = [
  'kettle',
  'toaster',
  'blender',
  'book',
  'headphones',
  'watch',
  'speaker',
  'monitor',
  'tshirt',
  'sneaker',
  'backpack',
  'jar',
  'bottle',
  'teabox',
  'chair',
  'lamp',
  'mug',
  'ball',
  'train',
  'blocks',
  'phone',
  'powerbank',
  'charger',
  'dumbbell',
] as const;
export type PhotoKind = (typeof photoKinds)[number];

/** The colours products come in (the catalogue's colour names), as the object's main paint. */
export const photoColours = {
  Silver: '#b9c0c8',
  Black: '#2c2e33',
  White: '#eeece8',
  Graphite: '#4b5059',
  Blue: '#2f6fd1',
  Navy: '#25406e',
  Olive: '#6d7b3b',
  Red: '#c83a3c',
  Green: '#3d8c58',
  Yellow: '#e6b42a',
  Orange: '#e8782c',
  Grey: '#8b9098',
  Natural: '#c9a071',
  Burgundy: '#7e2539',
  Teal: '#2a8c8c',
  Sand: '#cdb68c',
} as const;
export type PhotoColour = keyof typeof photoColours;

/** Studio backdrops: a pale paper that goes with the object's colour (a warm one for cool paints). */
const backdrops: Record<PhotoColour, string> = {
  Silver: '#e9eef5',
  Black: '#efe6da',
  White: '#dfe6ee',
  Graphite: '#f1e9de',
  Blue: '#f3ebe0',
  Navy: '#efe5d6',
  Olive: '#f2ece1',
  Red: '#eef0f2',
  Green: '#f4ede2',
  Yellow: '#e4ebf3',
  Orange: '#e2eaf2',
  Grey: '#f3ece3',
  Natural: '#e6ecef',
  Burgundy: '#f0ebe4',
  Teal: '#f5ece2',
  Sand: '#e3e9ee',
};

// ---------------------------------------------------------------------------------------------
// Colour arithmetic

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const toHex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
/** `hex` moved towards white (amount > 0) or black (amount < 0), amount in −1…1. */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  return toHex(channels(hex).map((v) => v + (target - v) * Math.abs(amount)));
}
const isDark = (hex: string) => {
  const [r = 0, g = 0, b = 0] = channels(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b < 110;
};

// ---------------------------------------------------------------------------------------------
// Drawing helpers (a 400×400 canvas; the floor is at y = 320)

/** A cylinder's paint: dark edges, a highlight left of the middle (light from the upper left). */
const cylinder = (id: string, base: string) =>
  `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">
    <stop offset="0" stop-color="${shade(base, -0.45)}"/>
    <stop offset="0.28" stop-color="${shade(base, 0.35)}"/>
    <stop offset="0.55" stop-color="${base}"/>
    <stop offset="1" stop-color="${shade(base, -0.5)}"/>
  </linearGradient>`;
/** A flat face's paint: lighter at the top, darker at the bottom. */
const face = (id: string, base: string, spread = 0.25) =>
  `<linearGradient id="${id}" x1="0" x2="0.35" y1="0" y2="1">
    <stop offset="0" stop-color="${shade(base, spread)}"/>
    <stop offset="1" stop-color="${shade(base, -spread)}"/>
  </linearGradient>`;
/** A sphere's paint: a highlight up and left. */
const sphere = (id: string, base: string) =>
  `<radialGradient id="${id}" cx="0.36" cy="0.32" r="0.75">
    <stop offset="0" stop-color="${shade(base, 0.55)}"/>
    <stop offset="0.45" stop-color="${base}"/>
    <stop offset="1" stop-color="${shade(base, -0.55)}"/>
  </radialGradient>`;
/** Brushed metal (handles, legs, rims). */
const METAL = `<linearGradient id="metal" x1="0" x2="1">
    <stop offset="0" stop-color="#6f757d"/><stop offset="0.3" stop-color="#f4f6f8"/>
    <stop offset="0.6" stop-color="#a9b0b8"/><stop offset="1" stop-color="#5d636b"/>
  </linearGradient>`;
/** A glassy screen, dark with a diagonal sheen. */
const SCREEN = `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#2b3a55"/><stop offset="0.5" stop-color="#141b29"/>
    <stop offset="1" stop-color="#070a10"/>
  </linearGradient>
  <linearGradient id="wallpaper" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#5b8cff"/><stop offset="0.5" stop-color="#9d6bff"/>
    <stop offset="1" stop-color="#ff7aa8"/>
  </linearGradient>`;
const GLASS = `<linearGradient id="glass" x1="0" x2="1">
    <stop offset="0" stop-color="#c9dbe6" stop-opacity="0.75"/><stop offset="0.25" stop-color="#ffffff" stop-opacity="0.85"/>
    <stop offset="0.6" stop-color="#dce9f0" stop-opacity="0.45"/><stop offset="1" stop-color="#a9c0cc" stop-opacity="0.8"/>
  </linearGradient>`;

type Drawing = {
  /** Gradients and patterns the shapes use. */
  defs: string;
  /** The shapes, back to front. */
  body: string;
  /** Half the width of the shadow on the floor. */
  shadow: number;
};

const drawings: Record<PhotoKind, (paint: string) => Drawing> = {
  kettle: (p) => ({
    defs: cylinder('body', p) + METAL,
    shadow: 120,
    body: `
      <path d="M272 150 C330 150 338 250 282 280" fill="none" stroke="${shade(p, -0.55)}" stroke-width="20" stroke-linecap="round"/>
      <path d="M128 182 L88 140 L98 132 L146 166 Z" fill="${shade(p, -0.2)}"/>
      <path d="M138 135 Q200 118 262 135 L282 300 Q200 314 118 300 Z" fill="url(#body)"/>
      <ellipse cx="200" cy="136" rx="62" ry="12" fill="${shade(p, -0.35)}"/>
      <path d="M160 133 Q200 96 240 133 Z" fill="url(#body)"/>
      <rect x="191" y="98" width="18" height="14" rx="5" fill="${shade(p, -0.6)}"/>
      <rect x="108" y="298" width="184" height="20" rx="8" fill="url(#metal)"/>
      <rect x="176" y="200" width="48" height="70" rx="8" fill="#ffffff" fill-opacity="0.18"/>
      <circle cx="200" cy="286" r="5" fill="#7cf0a5"/>`,
  }),
  toaster: (p) => ({
    defs: face('body', p) + METAL,
    shadow: 130,
    body: `
      <rect x="92" y="168" width="216" height="146" rx="34" fill="url(#body)"/>
      <rect x="100" y="176" width="200" height="30" rx="15" fill="#ffffff" fill-opacity="0.2"/>
      <rect x="128" y="160" width="60" height="14" rx="7" fill="#1c1c1e"/>
      <rect x="212" y="160" width="60" height="14" rx="7" fill="#1c1c1e"/>
      <path d="M134 162 Q158 132 182 162 Z" fill="#d9a45b"/>
      <path d="M218 162 Q242 136 266 162 Z" fill="#d9a45b"/>
      <rect x="300" y="214" width="22" height="12" rx="4" fill="url(#metal)"/>
      <circle cx="200" cy="262" r="16" fill="url(#metal)"/>
      <rect x="110" y="306" width="180" height="12" rx="5" fill="${shade(p, -0.6)}"/>`,
  }),
  blender: (p) => ({
    defs: face('body', p) + GLASS + METAL,
    shadow: 90,
    body: `
      <path d="M146 250 L254 250 L264 316 L136 316 Z" fill="url(#body)"/>
      <circle cx="200" cy="285" r="13" fill="url(#metal)"/>
      <path d="M150 92 L250 92 L238 250 L162 250 Z" fill="url(#glass)" stroke="#9fb4c0" stroke-width="2"/>
      <path d="M160 180 L240 180 L238 250 L162 250 Z" fill="#e9718e" fill-opacity="0.85"/>
      <path d="M250 110 C292 112 292 210 244 220" fill="none" stroke="#9fb4c0" stroke-width="12"/>
      <rect x="144" y="80" width="112" height="16" rx="6" fill="${shade(p, -0.55)}"/>
      <rect x="166" y="100" width="12" height="140" rx="6" fill="#ffffff" fill-opacity="0.55"/>`,
  }),
  book: (p) => ({
    defs: `${face('cover', p, 0.2)}<linearGradient id="pages" x1="0" x2="1"><stop offset="0" stop-color="#f7f1e3"/><stop offset="1" stop-color="#d8cfbc"/></linearGradient>`,
    shadow: 110,
    body: `
      <path d="M140 86 L292 100 L292 302 L140 316 Z" fill="url(#pages)"/>
      ${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M146 ${92 + i * 2} L290 ${104 + i * 2}" stroke="#c7bda8" stroke-width="0.8"/>`).join('')}
      <path d="M112 80 L280 92 L280 310 L112 322 Z" fill="url(#cover)"/>
      <rect x="112" y="80" width="20" height="242" fill="${shade(p, -0.35)}"/>
      <rect x="154" y="132" width="104" height="8" rx="3" fill="#f4e7c3" fill-opacity="0.9"/>
      <rect x="154" y="150" width="74" height="6" rx="3" fill="#f4e7c3" fill-opacity="0.7"/>
      <circle cx="206" cy="230" r="30" fill="none" stroke="#f4e7c3" stroke-opacity="0.8" stroke-width="4"/>
      <rect x="154" y="280" width="60" height="5" rx="2" fill="#f4e7c3" fill-opacity="0.7"/>`,
  }),
  headphones: (p) => ({
    defs: sphere('cup', p) + face('band', p),
    shadow: 120,
    body: `
      <path d="M110 230 C100 90 300 90 290 230" fill="none" stroke="${shade(p, -0.45)}" stroke-width="22" stroke-linecap="round"/>
      <path d="M116 224 C108 104 292 104 284 224" fill="none" stroke="${shade(p, 0.25)}" stroke-width="6" stroke-linecap="round"/>
      <rect x="82" y="206" width="64" height="102" rx="30" fill="url(#cup)"/>
      <rect x="254" y="206" width="64" height="102" rx="30" fill="url(#cup)"/>
      <rect x="136" y="216" width="18" height="82" rx="9" fill="#2a2a2e"/>
      <rect x="246" y="216" width="18" height="82" rx="9" fill="#2a2a2e"/>`,
  }),
  watch: (p) => ({
    defs: face('strap', p) + METAL + SCREEN,
    shadow: 80,
    body: `
      <rect x="164" y="62" width="72" height="110" rx="14" fill="url(#strap)"/>
      <rect x="164" y="228" width="72" height="92" rx="14" fill="url(#strap)"/>
      ${[0, 1, 2].map((i) => `<circle cx="200" cy="${256 + i * 20}" r="4" fill="${shade(p, -0.5)}"/>`).join('')}
      <rect x="138" y="128" width="124" height="144" rx="36" fill="url(#metal)"/>
      <rect x="148" y="138" width="104" height="124" rx="28" fill="url(#screen)"/>
      <circle cx="200" cy="200" r="36" fill="none" stroke="#ff5a6e" stroke-width="8" stroke-dasharray="170 60" stroke-linecap="round"/>
      <circle cx="200" cy="200" r="24" fill="none" stroke="#9cf06a" stroke-width="8" stroke-dasharray="110 50" stroke-linecap="round"/>
      <circle cx="200" cy="200" r="12" fill="none" stroke="#4fd2ff" stroke-width="7" stroke-dasharray="50 30" stroke-linecap="round"/>
      <rect x="262" y="178" width="10" height="26" rx="4" fill="url(#metal)"/>`,
  }),
  speaker: (p) => ({
    defs: `<linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(p, 0.3)}"/><stop offset="0.35" stop-color="${p}"/><stop offset="1" stop-color="${shade(p, -0.55)}"/></linearGradient>`,
    shadow: 140,
    body: `
      <rect x="76" y="180" width="248" height="132" rx="66" fill="url(#body)"/>
      ${Array.from({ length: 7 }, (_, row) =>
        Array.from(
          { length: 18 },
          (_, col) =>
            `<circle cx="${118 + col * 10 + (row % 2) * 5}" cy="${206 + row * 13}" r="2.6" fill="${shade(p, -0.4)}"/>`,
        ).join(''),
      ).join('')}
      <rect x="88" y="186" width="224" height="18" rx="9" fill="#ffffff" fill-opacity="0.22"/>
      <ellipse cx="84" cy="246" rx="14" ry="62" fill="${shade(p, -0.35)}"/>
      <ellipse cx="316" cy="246" rx="14" ry="62" fill="${shade(p, -0.35)}"/>
      <rect x="180" y="174" width="40" height="8" rx="4" fill="${shade(p, -0.6)}"/>`,
  }),
  monitor: (p) => ({
    defs: face('stand', p) + SCREEN,
    shadow: 100,
    body: `
      <path d="M186 250 L214 250 L222 306 L178 306 Z" fill="url(#stand)"/>
      <ellipse cx="200" cy="310" rx="66" ry="10" fill="${shade(p, -0.3)}"/>
      <rect x="58" y="76" width="284" height="184" rx="10" fill="${shade(p, -0.5)}"/>
      <rect x="66" y="84" width="268" height="162" rx="4" fill="url(#wallpaper)"/>
      <path d="M66 200 Q140 150 210 190 T334 170 L334 246 L66 246 Z" fill="#ffffff" fill-opacity="0.18"/>
      <path d="M66 84 L190 84 L110 246 L66 246 Z" fill="#ffffff" fill-opacity="0.08"/>`,
  }),
  tshirt: (p) => ({
    defs: `<linearGradient id="cloth" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(p, 0.2)}"/><stop offset="1" stop-color="${shade(p, -0.25)}"/></linearGradient>`,
    shadow: 110,
    body: `
      <path d="M160 80 Q200 104 240 80 L322 116 L296 178 L268 166 L270 312 L130 312 L132 166 L104 178 L78 116 Z" fill="url(#cloth)"/>
      <path d="M160 80 Q200 120 240 80 Q200 96 160 80 Z" fill="${shade(p, -0.4)}"/>
      <path d="M160 80 Q200 110 240 80" fill="none" stroke="${shade(p, -0.15)}" stroke-width="6"/>
      <path d="M170 150 Q180 230 160 300" fill="none" stroke="${shade(p, -0.18)}" stroke-width="3" stroke-opacity="0.6"/>
      <path d="M238 160 Q226 240 244 300" fill="none" stroke="${shade(p, -0.18)}" stroke-width="3" stroke-opacity="0.6"/>
      <path d="M104 178 L132 166 M296 178 L268 166" stroke="${shade(p, -0.3)}" stroke-width="3"/>`,
  }),
  sneaker: (p) => ({
    defs: face('upper', p),
    shadow: 140,
    body: `
      <path d="M64 270 C64 240 90 236 120 232 C170 226 190 180 214 168 C232 160 262 160 280 176 C300 196 322 230 336 262 L340 290 L64 290 Z" fill="url(#upper)"/>
      <path d="M56 280 L344 280 Q350 306 326 310 L78 310 Q54 306 56 280 Z" fill="#f3f1ec"/>
      <path d="M58 296 L342 296" stroke="#d0ccc4" stroke-width="3"/>
      <path d="M64 270 C80 252 110 250 130 258 L130 280 L60 280 Z" fill="${shade(p, -0.2)}"/>
      ${[0, 1, 2, 3].map((i) => `<path d="M${176 + i * 16} ${220 - i * 12} L${200 + i * 16} ${228 - i * 12}" stroke="#f3f1ec" stroke-width="5" stroke-linecap="round"/>`).join('')}
      <path d="M272 176 C300 200 316 232 330 262" fill="none" stroke="${shade(p, -0.35)}" stroke-width="6"/>
      <circle cx="300" cy="244" r="7" fill="#f3f1ec"/>`,
  }),
  backpack: (p) => ({
    defs: face('pack', p),
    shadow: 110,
    body: `
      <path d="M172 92 Q200 60 228 92" fill="none" stroke="${shade(p, -0.45)}" stroke-width="12"/>
      <rect x="112" y="90" width="176" height="226" rx="60" fill="url(#pack)"/>
      <path d="M112 160 Q200 120 288 160" fill="none" stroke="${shade(p, -0.35)}" stroke-width="4"/>
      <rect x="140" y="206" width="120" height="96" rx="24" fill="${shade(p, -0.12)}" stroke="${shade(p, -0.4)}" stroke-width="3"/>
      <path d="M146 230 L254 230" stroke="${shade(p, -0.45)}" stroke-width="3" stroke-dasharray="6 5"/>
      <rect x="192" y="222" width="16" height="26" rx="4" fill="#c9a15a"/>
      <rect x="96" y="150" width="20" height="130" rx="10" fill="${shade(p, -0.3)}"/>
      <rect x="284" y="150" width="20" height="130" rx="10" fill="${shade(p, -0.3)}"/>
      <rect x="124" y="98" width="40" height="150" rx="20" fill="#ffffff" fill-opacity="0.12"/>`,
  }),
  jar: (p) => ({
    defs: `${cylinder('lid', p)}<linearGradient id="honey" x1="0" x2="1"><stop offset="0" stop-color="#a45b0e"/><stop offset="0.3" stop-color="#f4b23c"/><stop offset="1" stop-color="#9a520c"/></linearGradient>${GLASS}`,
    shadow: 90,
    body: `
      <path d="M124 140 Q124 126 140 124 L260 124 Q276 126 276 140 L280 296 Q280 316 258 316 L142 316 Q120 316 120 296 Z" fill="url(#honey)"/>
      <path d="M124 140 Q124 126 140 124 L260 124 Q276 126 276 140 L280 296 Q280 316 258 316 L142 316 Q120 316 120 296 Z" fill="url(#glass)" fill-opacity="0.35"/>
      <rect x="130" y="88" width="140" height="42" rx="8" fill="url(#lid)"/>
      ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<path d="M${142 + i * 19} 92 L${142 + i * 19} 126" stroke="${shade(p, -0.35)}" stroke-width="2"/>`).join('')}
      <rect x="136" y="190" width="128" height="80" rx="6" fill="#f8f1e0"/>
      <rect x="152" y="208" width="96" height="10" rx="4" fill="${p}"/>
      <rect x="166" y="230" width="68" height="6" rx="3" fill="#8a7b63"/>
      <rect x="176" y="246" width="48" height="6" rx="3" fill="#8a7b63"/>
      <rect x="136" y="140" width="14" height="160" rx="7" fill="#ffffff" fill-opacity="0.35"/>`,
  }),
  bottle: (p) => ({
    defs: `<linearGradient id="oil" x1="0" x2="1"><stop offset="0" stop-color="#3f4a10"/><stop offset="0.3" stop-color="#a7b33a"/><stop offset="1" stop-color="#333d0c"/></linearGradient>${cylinder('cap', p)}`,
    shadow: 70,
    body: `
      <path d="M184 96 L216 96 L216 140 Q252 160 252 196 L252 300 Q252 316 236 316 L164 316 Q148 316 148 300 L148 196 Q148 160 184 140 Z" fill="url(#oil)"/>
      <rect x="180" y="64" width="40" height="36" rx="6" fill="url(#cap)"/>
      <rect x="152" y="208" width="96" height="84" rx="4" fill="#f6efdc"/>
      <rect x="152" y="214" width="96" height="12" fill="${p}"/>
      <rect x="168" y="240" width="64" height="7" rx="3" fill="#6a5b45"/>
      <rect x="176" y="256" width="48" height="5" rx="2" fill="#8a7b63"/>
      <rect x="160" y="150" width="10" height="150" rx="5" fill="#ffffff" fill-opacity="0.3"/>`,
  }),
  teabox: (p) => ({
    defs: face('front', p, 0.15),
    shadow: 120,
    body: `
      <path d="M110 120 L250 120 L300 96 L160 96 Z" fill="${shade(p, 0.35)}"/>
      <path d="M250 120 L300 96 L300 290 L250 316 Z" fill="${shade(p, -0.35)}"/>
      <rect x="110" y="120" width="140" height="196" fill="url(#front)"/>
      <rect x="122" y="170" width="116" height="82" rx="6" fill="#f7f0de"/>
      <path d="M180 186 C160 200 164 226 180 236 C196 226 200 200 180 186 Z" fill="${shade(p, -0.1)}"/>
      <path d="M180 190 L180 234" stroke="#f7f0de" stroke-width="2"/>
      <rect x="132" y="138" width="96" height="10" rx="4" fill="#f7f0de" fill-opacity="0.85"/>
      <rect x="146" y="270" width="68" height="8" rx="4" fill="#f7f0de" fill-opacity="0.7"/>`,
  }),
  chair: (p) => ({
    defs: face('wood', p) + face('seat', shade(p, 0.1), 0.18),
    shadow: 110,
    body: `
      <rect x="132" y="222" width="14" height="96" rx="4" fill="${shade(p, -0.45)}"/>
      <rect x="262" y="206" width="14" height="96" rx="4" fill="${shade(p, -0.45)}"/>
      <rect x="242" y="80" width="16" height="150" rx="6" fill="url(#wood)"/>
      <rect x="150" y="80" width="16" height="150" rx="6" fill="url(#wood)"/>
      <rect x="144" y="86" width="120" height="60" rx="12" fill="url(#wood)"/>
      <rect x="152" y="156" width="104" height="12" rx="5" fill="${shade(p, -0.2)}"/>
      <path d="M118 220 L272 220 L300 196 L148 196 Z" fill="url(#seat)"/>
      <rect x="118" y="220" width="154" height="16" rx="4" fill="${shade(p, -0.3)}"/>
      <rect x="120" y="234" width="16" height="86" rx="4" fill="url(#wood)"/>
      <rect x="254" y="234" width="16" height="86" rx="4" fill="url(#wood)"/>`,
  }),
  lamp: (p) => ({
    defs: `${cylinder('shade', p)}${METAL}<radialGradient id="glow" cx="0.5" cy="0.2" r="0.7"><stop offset="0" stop-color="#fff4c8" stop-opacity="0.9"/><stop offset="1" stop-color="#fff4c8" stop-opacity="0"/></radialGradient>`,
    shadow: 80,
    body: `
      <ellipse cx="200" cy="308" rx="62" ry="12" fill="${shade(p, -0.5)}"/>
      <rect x="194" y="150" width="12" height="160" rx="5" fill="url(#metal)"/>
      <path d="M150 190 L250 190 L200 300 Z" fill="url(#glow)" fill-opacity="0.5"/>
      <path d="M146 76 L254 76 L290 186 L110 186 Z" fill="url(#shade)"/>
      <ellipse cx="200" cy="186" rx="90" ry="12" fill="#fff1c2"/>
      <ellipse cx="200" cy="76" rx="54" ry="7" fill="${shade(p, -0.3)}"/>`,
  }),
  mug: (p) => ({
    defs: `${cylinder('mug', p)}<radialGradient id="coffee" cx="0.5" cy="0.5" r="0.6"><stop offset="0" stop-color="#8a5a36"/><stop offset="1" stop-color="#3c2313"/></radialGradient>`,
    shadow: 110,
    body: `
      <path d="M266 160 C332 150 332 270 262 262" fill="none" stroke="${shade(p, -0.3)}" stroke-width="22"/>
      <path d="M126 130 L274 130 L266 296 Q262 318 240 318 L160 318 Q138 318 134 296 Z" fill="url(#mug)"/>
      <ellipse cx="200" cy="130" rx="74" ry="16" fill="${shade(p, -0.2)}"/>
      <ellipse cx="200" cy="133" rx="66" ry="12" fill="url(#coffee)"/>`,
  }),
  ball: (p) => ({
    defs: `${sphere('ball', '#f5f5f2')}<radialGradient id="patch" cx="0.36" cy="0.32" r="0.9"><stop offset="0" stop-color="${shade(p, 0.2)}"/><stop offset="1" stop-color="${shade(p, -0.45)}"/></radialGradient>`,
    shadow: 100,
    body: `
      <circle cx="200" cy="206" r="110" fill="url(#ball)"/>
      <path d="M200 168 L236 194 L222 236 L178 236 L164 194 Z" fill="url(#patch)"/>
      <path d="M200 96 L226 112 L212 134 L188 134 L174 112 Z" fill="url(#patch)" transform="rotate(-8 200 206)"/>
      <path d="M292 168 L306 210 L290 232 L272 208 L276 178 Z" fill="url(#patch)"/>
      <path d="M108 168 L124 178 L128 208 L110 232 L96 210 Z" fill="url(#patch)"/>
      <path d="M152 290 L178 272 L222 272 L248 290 Q200 318 152 290 Z" fill="url(#patch)"/>
      <path d="M200 168 L200 134 M236 194 L276 178 M222 236 L248 290 M178 236 L152 290 M164 194 L124 178" stroke="#9a9a96" stroke-width="2.5"/>
      <circle cx="200" cy="206" r="110" fill="none" stroke="#00000022" stroke-width="2"/>`,
  }),
  train: (p) => ({
    defs: face('loco', p) + cylinder('boiler', p) + METAL,
    shadow: 150,
    body: `
      <rect x="62" y="150" width="78" height="120" rx="8" fill="url(#loco)"/>
      <rect x="54" y="138" width="94" height="16" rx="4" fill="${shade(p, -0.5)}"/>
      <rect x="78" y="170" width="46" height="40" rx="4" fill="#cfe8f5"/>
      <rect x="140" y="192" width="160" height="78" rx="38" fill="${shade(p, -0.1)}"/>
      <rect x="140" y="192" width="160" height="36" rx="18" fill="#ffffff" fill-opacity="0.18"/>
      <rect x="244" y="140" width="30" height="56" rx="4" fill="#2e2e32"/>
      <rect x="236" y="132" width="46" height="14" rx="4" fill="#2e2e32"/>
      <rect x="190" y="174" width="26" height="22" rx="11" fill="#d6a93c"/>
      <path d="M300 250 L336 290 L300 290 Z" fill="#d03b32"/>
      <rect x="56" y="266" width="254" height="12" rx="4" fill="#2e2e32"/>
      ${[
        [98, 36],
        [186, 26],
        [252, 26],
      ]
        .map(
          ([cx, r]) =>
            `<circle cx="${cx}" cy="${318 - (r ?? 0)}" r="${r}" fill="#d03b32"/><circle cx="${cx}" cy="${318 - (r ?? 0)}" r="${(r ?? 0) * 0.45}" fill="#f2d16b"/>`,
        )
        .join('')}
      <rect x="98" y="276" width="154" height="8" rx="4" fill="url(#metal)"/>`,
  }),
  blocks: (p) => {
    const cube = (x: number, y: number, s: number, colour: string, letter: string) => `
      <path d="M${x} ${y} L${x + s} ${y} L${x + s + s * 0.3} ${y - s * 0.22} L${x + s * 0.3} ${y - s * 0.22} Z" fill="${shade(colour, 0.3)}"/>
      <path d="M${x + s} ${y} L${x + s + s * 0.3} ${y - s * 0.22} L${x + s + s * 0.3} ${y + s * 0.78} L${x + s} ${y + s} Z" fill="${shade(colour, -0.3)}"/>
      <rect x="${x}" y="${y}" width="${s}" height="${s}" fill="${colour}"/>
      <text x="${x + s / 2}" y="${y + s * 0.72}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${s * 0.6}" text-anchor="middle" fill="#fffdf5">${letter}</text>`;
    return {
      defs: '',
      shadow: 130,
      body:
        cube(96, 226, 90, p, 'A') +
        cube(196, 226, 90, '#e6b42a', 'B') +
        cube(150, 134, 90, shade('#2f6fd1', 0.05), 'C'),
    };
  },
  phone: (p) => ({
    defs: face('frame', p) + SCREEN,
    shadow: 80,
    body: `
      <rect x="132" y="58" width="136" height="262" rx="26" fill="url(#frame)"/>
      <rect x="140" y="66" width="120" height="246" rx="20" fill="url(#wallpaper)"/>
      <path d="M140 230 Q200 180 260 230 L260 292 Q260 312 240 312 L160 312 Q140 312 140 292 Z" fill="#ffffff" fill-opacity="0.15"/>
      <rect x="180" y="74" width="40" height="12" rx="6" fill="#0b0d12"/>
      <text x="200" y="140" font-family="DejaVu Sans, sans-serif" font-size="30" text-anchor="middle" fill="#ffffff">9:41</text>
      <path d="M140 66 L220 66 L140 200 Z" fill="#ffffff" fill-opacity="0.1"/>
      <rect x="268" y="120" width="4" height="36" rx="2" fill="${shade(p, -0.4)}"/>`,
  }),
  powerbank: (p) => ({
    defs: face('top', p, 0.2),
    shadow: 130,
    body: `
      <path d="M90 200 L250 168 L320 196 L160 232 Z" fill="url(#top)"/>
      <path d="M160 232 L320 196 L320 236 L160 276 Z" fill="${shade(p, -0.35)}"/>
      <path d="M90 200 L160 232 L160 276 L90 240 Z" fill="${shade(p, -0.15)}"/>
      ${[0, 1, 2, 3].map((i) => `<circle cx="${190 + i * 14}" cy="${214 - i * 3}" r="3.5" fill="${i < 3 ? '#6ef0a0' : shade(p, -0.2)}"/>`).join('')}
      <rect x="110" y="230" width="26" height="8" rx="3" fill="#1c1c1e" transform="rotate(26 123 234)"/>`,
  }),
  charger: (p) => ({
    defs: face('pad', p, 0.25),
    shadow: 130,
    body: `
      <ellipse cx="200" cy="272" rx="120" ry="40" fill="${shade(p, -0.45)}"/>
      <rect x="80" y="250" width="240" height="22" fill="${shade(p, -0.45)}"/>
      <ellipse cx="200" cy="250" rx="120" ry="40" fill="url(#pad)"/>
      <ellipse cx="200" cy="250" rx="40" ry="13" fill="none" stroke="${isDark(p) ? '#6fb6ff' : shade(p, -0.3)}" stroke-width="3"/>
      <ellipse cx="200" cy="250" rx="70" ry="23" fill="none" stroke="${shade(p, isDark(p) ? 0.2 : -0.15)}" stroke-width="2"/>
      <path d="M316 268 C350 272 360 296 372 320" fill="none" stroke="#2c2e33" stroke-width="6"/>`,
  }),
  dumbbell: (p) => ({
    defs: `${cylinder('plate', p)}${METAL}`,
    shadow: 150,
    body: `
      <rect x="60" y="214" width="280" height="16" rx="8" fill="url(#metal)"/>
      <rect x="86" y="152" width="34" height="140" rx="10" fill="url(#plate)"/>
      <rect x="120" y="168" width="26" height="108" rx="8" fill="url(#plate)"/>
      <rect x="254" y="168" width="26" height="108" rx="8" fill="url(#plate)"/>
      <rect x="280" y="152" width="34" height="140" rx="10" fill="url(#plate)"/>
      <rect x="166" y="208" width="68" height="28" rx="6" fill="#3a3d42"/>
      ${[0, 1, 2, 3, 4].map((i) => `<path d="M${174 + i * 13} 210 L${174 + i * 13} 234" stroke="#55595f" stroke-width="3"/>`).join('')}`,
  }),
};

/** The SVG of one photo: the drawing on its backdrop, with the floor's soft shadow. */
export function photoSvg(kind: PhotoKind, colour: PhotoColour): string {
  const paint = photoColours[colour];
  const paper = backdrops[colour];
  const { defs, body, shadow } = drawings[kind](paint);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="800" height="800">
  <defs>
    <linearGradient id="backdrop" x1="0" x2="0.25" y1="0" y2="1">
      <stop offset="0" stop-color="${shade(paper, 0.6)}"/><stop offset="0.55" stop-color="${paper}"/>
      <stop offset="1" stop-color="${shade(paper, -0.1)}"/>
    </linearGradient>
    <linearGradient id="floor" x1="0" x2="0" y1="0" y2="1">
      <stop offset="0" stop-color="${shade(paper, -0.04)}"/><stop offset="1" stop-color="${shade(paper, -0.16)}"/>
    </linearGradient>
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#1a1410" stop-opacity="0.38"/><stop offset="0.6" stop-color="#1a1410" stop-opacity="0.12"/>
      <stop offset="1" stop-color="#1a1410" stop-opacity="0"/>
    </radialGradient>
    ${defs}
  </defs>
  <rect width="400" height="400" fill="url(#backdrop)"/>
  <path d="M0 300 Q200 284 400 300 L400 400 L0 400 Z" fill="url(#floor)" fill-opacity="0.6"/>
  <ellipse cx="200" cy="320" rx="${shadow}" ry="${Math.round(shadow / 7)}" fill="url(#shadow)"/>
  ${body}
</svg>`;
}

/** Renders photos, each distinct (kind, colour) once: a seed asks for the same picture many times. */
export function createPhotoRenderer() {
  const rendered = new Map<string, Promise<Buffer>>();
  return (kind: PhotoKind, colour: PhotoColour): Promise<Buffer> => {
    const key = `${kind}/${colour}`;
    let photo = rendered.get(key);
    if (!photo) {
      const svg = photoSvg(kind, colour);
      photo = import('sharp').then(({ default: sharp }) =>
        sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer(),
      );
      rendered.set(key, photo);
    }
    return photo;
  };
}

/** A demo product and what its photos show: `kind` in each colour, the first the main one. */
export type ProductPictures = { id: string; name: string; kind: PhotoKind; colours: PhotoColour[] };

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Stores the demo products' photos as their image attachments, the way an upload stores them: each
 * distinct photo rendered and put in the store once (`put`: its bytes' hash names it, a blob row,
 * the thumbnail queued), and a file row per product and picture.
 */
export async function seedProductPhotos(
  db: Database,
  options: { put: PutBytes; ownerId: string; products: ProductPictures[] },
) {
  const render = createPhotoRenderer();
  const photoKey = (kind: PhotoKind, colour: PhotoColour) => `${kind}/${colour}`;
  const wanted = new Map<string, [PhotoKind, PhotoColour]>();
  for (const product of options.products)
    for (const colour of product.colours) wanted.set(photoKey(product.kind, colour), [product.kind, colour]);
  // Rendered side by side (sharp's threads), stored one after the other (`db` may be a transaction).
  const rendered = await Promise.all([...wanted.values()].map(([kind, colour]) => render(kind, colour)));
  const stored = new Map<string, StoredBytes>();
  for (const [index, key] of [...wanted.keys()].entries())
    stored.set(key, await options.put(db, rendered[index] as Buffer));
  const rows = options.products.flatMap((product) =>
    product.colours.map((colour, position) => {
      const { hash, size } = stored.get(photoKey(product.kind, colour)) as StoredBytes;
      return {
        name: `${slug(product.name)}-${slug(colour)}.jpg`,
        blobHash: hash,
        size,
        mime: 'image/jpeg',
        kind: 'Media',
        ownerId: options.ownerId,
        attachedType: PRODUCT_FILES,
        attachedId: product.id,
        position,
        createdBy: options.ownerId,
        updatedBy: options.ownerId,
      };
    }),
  );
  await insertMany(db, files, rows);
}
