import { formatUnitLabel } from '../labels';
import { fatigueLevels, MAX_UNIT_SP, MIN_UNIT_SP, SCALE_RATIOS, strengthPoints } from '../tables/fatigue';
import type { RoundingMode } from '../tables/rounding';
import type { CavalryWeight, Nationality, Quality, SkValue } from '../tables/vocabulary';
import { averageQuality, QUALITY_SCORE } from './quality';
import { brigadeSk } from './skirmish';
import { cutIndex, tooLarge } from './split';

/**
 * One brigade from its battalions (Ch.II §2.1-2.2, §2.4, §2.8): men → s.p. by quality and arm,
 * quality averaged, SK from the mix, split when over 12 s.p. Artillery s.p. (§2.5) come later,
 * per division (./build.ts).
 */

/** One battalion (or squadron) with whole men. */
export interface Battalion {
  readonly name: string;
  readonly quality: Quality;
  readonly light: boolean;
  readonly sk: SkValue;
  readonly men: number;
}

/** A brigade ready to be figured. */
export interface BrigadeInput {
  readonly id: string;
  readonly name: string;
  readonly number: number;
  /** null = infantry; else the cavalry weight (label L34). */
  readonly weight: CavalryWeight | null;
  readonly mixed: boolean;
  readonly irregular: boolean;
  /** Armoured cavalry (scenario `rules.armoured`); carried through, no effect on s.p. */
  readonly armoured: boolean;
  /** NAT-1: its own nation, when not its army's (scenario `rules.nation`); carried through, no effect on s.p. */
  readonly nation?: Nationality;
  /** NAT-1, NAT-3: the patron of a brigade of its own nation (scenario `rules.alliedTo`). */
  readonly alliedTo?: 'british' | 'french';
  readonly arrives: number;
  readonly battalions: readonly Battalion[];
}

/** A brigade as figured, before attached artillery. */
export interface FiguredBrigade extends BrigadeInput {
  readonly men: number;
  readonly quality: Quality;
  readonly sk: SkValue;
  /** s.p. from men alone (L473-482). */
  readonly menSp: number;
  /** Set when it is one part of a split brigade (L486): the original id. */
  readonly splitFrom: string | null;
}

/** Shares `total` whole men over `parts` as evenly as possible, the odd men to the first (exact). */
export function shareMen(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const rest = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < rest ? 1 : 0));
}

/** Shares `total` over weights, each share rounded to the nearest `to` men (BD-5; halves up). */
export function apportion(total: number, weights: readonly number[], to: number): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  return weights.map((w) => Math.floor((2 * total * w + sum * to) / (2 * sum * to)) * to);
}

/** The s.p. ratio's arm: cavalry, or infantry for infantry and mixed brigades (§2.4 L490). */
const ratioArm = (b: BrigadeInput): 'infantry' | 'cavalry' => (b.weight && !b.mixed ? 'cavalry' : 'infantry');

/** Figures a brigade; returns one brigade, or its parts when over 12 s.p. (L486, BD-4). */
export function figureBrigade(b: BrigadeInput, french: boolean, mode: RoundingMode, splitFrom: string | null = null): FiguredBrigade[] {
  const men = b.battalions.reduce((s, x) => s + x.men, 0);
  const quality = averageQuality(b.battalions.map((x) => x.quality), mode);
  const sk = b.weight ? 0 : brigadeSk(b.battalions, french, mode);
  const menSp = strengthPoints(men, quality, ratioArm(b), mode);
  if (!tooLarge(menSp)) return [{ ...b, men, quality, sk, menSp, splitFrom }];
  const parts = splitBattalions(b.battalions);
  return parts.flatMap((battalions, i) =>
    figureBrigade({ ...b, id: `${b.id}-${i + 1}`, name: `${b.name} (${i === 0 ? 'I' : 'II'})`, number: b.number, battalions }, french, mode, splitFrom ?? b.id));
}

/** Two roughly equal parts (BD-4): cut between battalions, or halve a single battalion's men. */
function splitBattalions(bns: readonly Battalion[]): [Battalion[], Battalion[]] {
  if (bns.length === 1) {
    const [a, c] = shareMen(bns[0]!.men, 2) as [number, number];
    return [[{ ...bns[0]!, men: a }], [{ ...bns[0]!, men: c }]];
  }
  const cut = cutIndex(bns.map((x) => x.men));
  return [bns.slice(0, cut), bns.slice(cut)];
}

/** The finished brigade: s.p. with artillery, its fatigue levels and printed label. */
export interface BuiltBrigade extends FiguredBrigade {
  readonly artillerySp: number;
  readonly sp: number;
  readonly label: string;
  readonly note: string;
}

/** Out of the chart's 2-12 s.p. (L486, chart L509-519)? A message, or null. */
export const spOutOfRange = (sp: number): string | null =>
  sp < MIN_UNIT_SP ? `${sp} s.p. is below the Fatigue Level Chart's 2 (Ch.II §2.6 L509)` : sp > MAX_UNIT_SP ? `${sp} s.p. is over 12 (Ch.II §2.2 L486)` : null;

/** Adds the attached artillery and prints the label and the working (`corps` as in `1B/5/II`). */
export function finishBrigade(f: FiguredBrigade, artillerySp: number, division: number, corps: number, cavalryCorps: boolean, mode: RoundingMode): BuiltBrigade {
  const sp = f.menSp + artillerySp;
  const levels = fatigueLevels(sp, f.quality);
  if (!levels) throw new RangeError(`NW build: ${f.id}: ${spOutOfRange(sp)}`);
  const label = formatUnitLabel({ brigade: f.number, division, corps, cavalryCorps, weight: f.weight, sk: f.sk, mixed: f.mixed, levels, quality: f.quality });
  return { ...f, artillerySp, sp, label, note: workingNote(f, artillerySp, mode) };
}

const thousands = (n: number): string => n.toLocaleString('en-GB');

/** "2,240 men; Veteran (4 Veteran, 2 Line: 3.67), 2,240 / 400 = 5.6 -> 6, +1 attached artillery = 7". */
function workingNote(f: FiguredBrigade, artillerySp: number, mode: RoundingMode): string {
  const ratio = SCALE_RATIOS[f.quality][ratioArm(f)];
  const counts = new Map<Quality, number>();
  for (const b of f.battalions) counts.set(b.quality, (counts.get(b.quality) ?? 0) + 1);
  const mix = counts.size > 1
    ? ` (BD-1: ${[...counts].map(([q, n]) => `${n} ${q}`).join(', ')} = ${(f.battalions.reduce((s, b) => s + QUALITY_SCORE[b.quality], 0) / f.battalions.length).toFixed(2)})`
    : '';
  const exact = f.men / ratio;
  const shown = Number.isInteger(exact) ? `${exact}` : `${Math.floor(exact * 100) / 100} -> ${f.menSp}`;
  const art = artillerySp > 0 ? `, +${artillerySp} attached artillery = ${f.menSp + artillerySp}` : '';
  const split = f.splitFrom ? `; split from ${f.splitFrom} (L486, BD-4)` : '';
  return `${thousands(f.men)} men; ${f.quality[0]!.toUpperCase()}${f.quality.slice(1)}${mix}, ${thousands(f.men)} / ${ratio} = ${shown}${art}${split}${mode === 'tenths' ? '' : ` [rounding ${mode}]`}`;
}
