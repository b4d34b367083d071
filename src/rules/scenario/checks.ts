import type { z } from 'zod';
import { report, type IssuePath } from './codes';
import { checkDeployment } from './checks-deploy';
import { checkMap } from './checks-map';
import { expectPiece, type PieceInfo, type Pieces } from './checks-pieces';
import { checkVictory } from './checks-victory';
import { didYouMean } from './names';
import type { ScenarioProfile } from './profiles';
import type { ScenarioDoc } from './schema';
import type { GeneralLevel } from './vocabulary';

/**
 * Cross-field checks (the part zod's per-field schemas cannot see): unique ids, references
 * that resolve, sides that match their orders of battle, distinct colours. Each problem is
 * reported at the path of the value to fix, so the loader can name its line.
 */

/** Every cross-field check, in file order; scenarioSchema runs it once the structure is sound. */
export function checkScenario(doc: ScenarioDoc, ctx: z.RefinementCtx, profile: ScenarioProfile): void {
  checkMeta(doc, ctx, profile);
  const sides = checkSides(doc, ctx);
  const pieces = checkOrderOfBattle(doc, ctx, profile, sides);
  const places = checkMap(doc, ctx);
  checkDeployment(doc, ctx, profile, pieces, places);
  checkVictory(doc, ctx, sides, places);
}

function checkMeta(doc: ScenarioDoc, ctx: z.RefinementCtx, profile: ScenarioProfile): void {
  const m = doc.meta;
  if (m.historical && m.sources.length === 0) {
    report(ctx, ['meta', 'sources'], 'scenario/missing-sources', 'a historical scenario must name its sources', 'Add sources: a list of the books or archives the orders of battle and map come from; or set historical: false for a fictional scenario.');
  }
  const { inchesPerMile, yardsPerInch } = m.scale;
  if (inchesPerMile === undefined && yardsPerInch === undefined) {
    report(ctx, ['meta', 'scale'], 'scenario/missing', 'the scale needs inchesPerMile or yardsPerInch', 'DRAM plays at inchesPerMile: 6 (DRAM §1); NW at yardsPerInch: 100.');
    return;
  }
  const ipm = inchesPerMile ?? 1760 / yardsPerInch!;
  // 2% slack: authors round (6 in/mile is 293.3 yd/in).
  if (inchesPerMile !== undefined && yardsPerInch !== undefined && Math.abs(1760 / yardsPerInch / inchesPerMile - 1) > 0.02) {
    report(ctx, ['meta', 'scale', 'yardsPerInch'], 'scenario/scale-mismatch', `${inchesPerMile} in/mile and ${yardsPerInch} yd/in disagree`, `${inchesPerMile} inches per mile is ${(1760 / inchesPerMile).toFixed(1)} yards per inch; give one of the two.`);
  }
  if (profile.inchesPerMile !== undefined && Math.abs(ipm / profile.inchesPerMile - 1) > 0.02) {
    report(ctx, ['meta', 'scale', inchesPerMile !== undefined ? 'inchesPerMile' : 'yardsPerInch'], 'scenario/scale-mismatch', `${m.ruleset} measures at ${profile.inchesPerMile} inches to the mile, this scenario at ${+ipm.toFixed(2)}`, `Set inchesPerMile: ${profile.inchesPerMile} and draw the map at that scale.`);
  }
}

/** RGB distance under which two side colours are too alike to tell apart on the map. */
const MIN_COLOUR_DISTANCE = 64;

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function checkSides(doc: ScenarioDoc, ctx: z.RefinementCtx): ReadonlySet<string> {
  const first = new Map<string, number>();
  doc.sides.forEach((s, i) => {
    const prev = first.get(s.id);
    if (prev !== undefined) report(ctx, ['sides', i, 'id'], 'scenario/duplicate-id', `side id '${s.id}' is used twice`, 'Give every side its own id.', { related: ['sides', prev, 'id'] });
    else first.set(s.id, i);
    for (let j = 0; j < i; j++) {
      const other = doc.sides[j]!;
      const [a, b] = [rgb(s.colour), rgb(other.colour)];
      const d = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
      if (d < MIN_COLOUR_DISTANCE) {
        report(ctx, ['sides', i, 'colour'], 'scenario/colour-clash', d === 0 ? `'${s.id}' has the same colour as '${other.id}' (${s.colour})` : `'${s.id}' (${s.colour}) is too close in colour to '${other.id}' (${other.colour}) to tell apart on the map`, 'Pick clearly different colours, e.g. "#1f4e9c" (blue) and "#b22222" (red).', { related: ['sides', j, 'colour'] });
      }
    }
  });
  const ids = [...first.keys()];
  for (const id of ids) {
    if (!(id in doc.orderOfBattle)) report(ctx, ['orderOfBattle'], 'scenario/sides-mismatch', `side '${id}' has no order of battle`, `Add orderOfBattle.${id} with its army, generals and corps.`, { at: 'key' });
  }
  for (const key of Object.keys(doc.orderOfBattle)) {
    if (!first.has(key)) report(ctx, ['orderOfBattle', key], 'scenario/sides-mismatch', `'${key}' is not a side`, didYouMean(key, ids, `The order of battle is keyed by side id: ${ids.join(', ')}.`), { at: 'key' });
  }
  return new Set(ids);
}

function checkOrderOfBattle(doc: ScenarioDoc, ctx: z.RefinementCtx, profile: ScenarioProfile, sides: ReadonlySet<string>): Pieces {
  const pieces = new Map<string, PieceInfo>();
  const register = (id: string, info: PieceInfo) => {
    const prev = pieces.get(id);
    if (prev) report(ctx, info.path, 'scenario/duplicate-id', `id '${id}' is already used by a ${prev.kind}`, 'Generals, wings, corps and units share one set of ids (deployments name them by id alone): rename one.', { related: prev.path });
    else pieces.set(id, info);
  };
  const armies = Object.entries(doc.orderOfBattle).filter(([side]) => sides.has(side));
  for (const [side, army] of armies) {
    const base = ['orderOfBattle', side];
    army.generals.forEach((g, i) => {
      register(g.id, { kind: 'general', side, path: [...base, 'generals', i, 'id'], level: g.level });
      if (profile.levels && !profile.levels.includes(g.level)) report(ctx, [...base, 'generals', i, 'level'], 'scenario/bad-value', `${doc.meta.ruleset} has no '${g.level}' generals`, `Use one of: ${profile.levels.join(', ')}.`);
    });
    army.wings.forEach((w, i) => register(w.id, { kind: 'wing', side, path: [...base, 'wings', i, 'id'] }));
    (army.brigades ?? []).forEach((b, i) => register(b.id, { kind: 'brigade', side, path: [...base, 'brigades', i, 'id'] }));
    army.corps.forEach((c, i) => {
      register(c.id, { kind: 'corps', side, path: [...base, 'corps', i, 'id'] });
      c.divisions.forEach((u, j) => {
        register(u.id, { kind: 'unit', side, path: [...base, 'corps', i, 'divisions', j, 'id'] });
        if (profile.arms && !profile.arms.includes(u.arm)) report(ctx, [...base, 'corps', i, 'divisions', j, 'arm'], 'scenario/bad-value', `${doc.meta.ruleset} has no '${u.arm}' units`, `Use one of: ${profile.arms.join(', ')}.`);
      });
    });
  }
  // References are checked once every id is known, so their order in the file does not matter.
  const general = (side: string, path: IssuePath, id: string, level: GeneralLevel | readonly GeneralLevel[]) => expectPiece(ctx, pieces, path, id, side, 'general', level);
  for (const [side, army] of armies) {
    const base = ['orderOfBattle', side];
    army.wings.forEach((w, i) => general(side, [...base, 'wings', i, 'general'], w.general, 'wing'));
    (army.brigades ?? []).forEach((b, i) => general(side, [...base, 'brigades', i, 'general'], b.general, 'brigade'));
    army.corps.forEach((c, i) => {
      general(side, [...base, 'corps', i, 'general'], c.general, profile.corpsGeneralLevels ?? 'corps');
      if (c.wing !== undefined) expectPiece(ctx, pieces, [...base, 'corps', i, 'wing'], c.wing, side, 'wing');
      c.divisions.forEach((u, j) => {
        if (u.brigade !== undefined) expectPiece(ctx, pieces, [...base, 'corps', i, 'divisions', j, 'brigade'], u.brigade, side, 'brigade');
      });
    });
  }
  doc.sides.forEach((s, i) => {
    if (sides.has(s.id) && s.id in doc.orderOfBattle) general(s.id, ['sides', i, 'commander'], s.commander, 'army');
  });
  return pieces;
}
