/**
 * Colours of the map. Two palettes: 'default' keeps each side's scenario colour; 'colour-blind'
 * replaces side colours with the Okabe–Ito set (distinguishable under every common colour
 * vision deficiency) and keeps terrain away from red/green contrasts: towns are slate, not
 * brick, so they never read like woods.
 */
import type { ChipTone, PaletteName } from './model';

/** Okabe & Ito (2008), "Color Universal Design": the side colours of the colour-blind palette, in side order. */
export const OKABE_ITO_SIDES = ['#0072B2', '#E69F00', '#CC79A7', '#009E73', '#D55E00', '#56B4E9'] as const;

export interface AreaStyle {
  readonly fill: string;
  readonly stroke: string;
  /** Texture ink (tree crowns, tufts, house blocks). */
  readonly mark: string;
  readonly markDark: string;
}

export interface Palette {
  readonly paper: string;
  readonly margin: string;
  readonly ink: string;
  readonly inkSoft: string;
  readonly halo: string;
  readonly grid: string;
  readonly areas: Readonly<Record<'woods' | 'orchard' | 'built-up' | 'hill' | 'marsh' | 'field' | 'fortification', AreaStyle>>;
  readonly water: { readonly fill: string; readonly bank: string; readonly label: string };
  readonly road: { readonly casing: string; readonly fill: string };
  readonly track: string;
  readonly obstacle: string;
  readonly bridge: string;
  readonly chips: Readonly<Record<ChipTone, { readonly fill: string; readonly text: string; readonly stroke: string }>>;
  readonly smoke: { readonly light: string; readonly dark: string };
  readonly fire: string;
  readonly placeText: Readonly<Record<'landmark' | 'wood' | 'hill' | 'water' | 'town' | 'marsh', string>>;
}

const CHIPS_COMMON = {
  order: { fill: '#1b1b1b', text: '#ffffff', stroke: '#1b1b1b' },
  pending: { fill: '#ffffff', text: '#1b1b1b', stroke: '#1b1b1b' },
  strength: { fill: '#ffffff', text: '#1b1b1b', stroke: '#6b6b6b' },
  rating: { fill: '#fff8e1', text: '#3d2c00', stroke: '#8a6d1f' },
  general: { fill: '#fff8e1', text: '#3d2c00', stroke: '#8a6d1f' },
} as const;

const DEFAULT: Palette = {
  paper: '#f1ecd9',
  margin: '#e4dcc3',
  ink: '#2a2620',
  inkSoft: '#6d6453',
  halo: '#fbf8ee',
  grid: 'rgba(60, 50, 30, 0.28)',
  areas: {
    woods: { fill: '#b9cf9a', stroke: '#5d7d3f', mark: '#6f9650', markDark: '#3f5f2a' },
    orchard: { fill: '#d3dfae', stroke: '#7d9450', mark: '#7b9a4e', markDark: '#4d6a2c' },
    'built-up': { fill: '#c98f7f', stroke: '#7b3f33', mark: '#9c5a4b', markDark: '#6a2f25' },
    hill: { fill: '#e3d2ae', stroke: '#a07a45', mark: '#b38d58', markDark: '#8a6433' },
    marsh: { fill: '#d5e3d6', stroke: '#7fa39a', mark: '#4f8a8b', markDark: '#2f6668' },
    field: { fill: '#ece3b8', stroke: '#c2b27a', mark: '#cdbd83', markDark: '#a8985e' },
    fortification: { fill: '#d8c9b0', stroke: '#5a4a36', mark: '#5a4a36', markDark: '#3b2f21' },
  },
  water: { fill: '#8fc1de', bank: '#3f7aa6', label: '#245a85' },
  road: { casing: '#7a5d3a', fill: '#f6e7b8' },
  track: '#8a6a44',
  obstacle: '#5b4a35',
  bridge: '#4a3b2a',
  chips: {
    ...CHIPS_COMMON,
    weak: { fill: '#fde2b3', text: '#5a3300', stroke: '#b56a00' },
    status: { fill: '#ffe9a8', text: '#4d3a00', stroke: '#a07800' },
    bad: { fill: '#b3261e', text: '#ffffff', stroke: '#7a1812' },
  },
  smoke: { light: 'rgba(255, 255, 255, 0.92)', dark: 'rgba(150, 150, 150, 0.55)' },
  fire: '#d9480f',
  placeText: { landmark: '#2a2620', wood: '#2f4f1c', hill: '#6b4a1f', water: '#245a85', town: '#5c241a', marsh: '#2f6668' },
};

const COLOUR_BLIND: Palette = {
  ...DEFAULT,
  areas: {
    ...DEFAULT.areas,
    woods: { fill: '#b7d3c0', stroke: '#2f7a5a', mark: '#3d8a67', markDark: '#1f5c42' },
    'built-up': { fill: '#9aa1ab', stroke: '#3c4350', mark: '#5d6572', markDark: '#2b313b' },
    marsh: { fill: '#dbe6ea', stroke: '#5e8ca0', mark: '#3f7891', markDark: '#24566b' },
  },
  water: { fill: '#9fd3f2', bank: '#1f6fa8', label: '#0b4f80' },
  chips: {
    ...CHIPS_COMMON,
    // Weak vs bad differ in lightness as well as hue (dark fill + white text for bad).
    weak: { fill: '#fbe3a0', text: '#3d2c00', stroke: '#9a6f00' },
    status: { fill: '#e8e8e8', text: '#1b1b1b', stroke: '#5a5a5a' },
    bad: { fill: '#1b1b1b', text: '#fbe3a0', stroke: '#000000' },
  },
  fire: '#D55E00',
  placeText: { ...DEFAULT.placeText, wood: '#1f5c42', town: '#2b313b', water: '#0b4f80', marsh: '#24566b' },
};

export function palette(name: PaletteName): Palette {
  return name === 'colour-blind' ? COLOUR_BLIND : DEFAULT;
}

/** Each side's colour under a palette: the scenario's own, or Okabe–Ito in side order. */
export function sideColours(sides: readonly { readonly colour: string }[], name: PaletteName): string[] {
  if (name === 'default') return sides.map((s) => s.colour);
  return sides.map((_s, i) => OKABE_ITO_SIDES[i % OKABE_ITO_SIDES.length] as string);
}

/** Relative luminance (WCAG) of '#rrggbb', to choose dark or light ink over a colour. */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return 0.5;
  const lin = (c: string) => {
    const v = parseInt(c, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(m[1]!) + 0.7152 * lin(m[2]!) + 0.0722 * lin(m[3]!);
}

/** The colour mixed towards black (t < 0) or white (t > 0), as '#rrggbb'. */
export function shade(hex: string, t: number): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return hex;
  const mix = (c: string) => {
    const v = parseInt(c, 16);
    const out = t < 0 ? v * (1 + t) : v + (255 - v) * t;
    return Math.round(Math.max(0, Math.min(255, out))).toString(16).padStart(2, '0');
  };
  return `#${mix(m[1]!)}${mix(m[2]!)}${mix(m[3]!)}`;
}
