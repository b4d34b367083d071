import type { z } from 'zod';
import { report } from './codes';
import { didYouMean, listSome, normalizeName } from './names';
import type { PlaceContext } from './places';
import type { ScenarioDoc } from './schema';
import { ANY_SIDE } from './vocabulary';

/** Objectives name a landmark (with a radius) or a terrain area, and a side; collapse rules name a side; there is some way to win. */
export function checkVictory(doc: ScenarioDoc, ctx: z.RefinementCtx, sides: ReadonlySet<string>, places: PlaceContext): void {
  const v = doc.victory;
  const sideIds = [...sides];
  if (v.objectives.length === 0 && v.collapse.length === 0) {
    report(ctx, ['victory'], 'scenario/missing', 'there is no way to win: no objectives and no collapse rule', 'Add victory.objectives (places to hold) and/or victory.collapse (a side loses when it has lost a share of its stands).', { at: 'key' });
  }
  const ids = new Map<string, number>();
  const areas = doc.map.terrain.filter((t) => 'polygon' in t);
  v.objectives.forEach((o, i) => {
    const base = ['victory', 'objectives', i];
    const prev = ids.get(o.id);
    if (prev !== undefined) report(ctx, [...base, 'id'], 'scenario/duplicate-id', `objective id '${o.id}' is used twice`, 'Give every objective its own id.', { related: ['victory', 'objectives', prev, 'id'] });
    else ids.set(o.id, i);
    if (o.side !== ANY_SIDE && !sides.has(o.side)) report(ctx, [...base, 'side'], 'scenario/unknown-ref', `'${o.side}' is not a side`, didYouMean(o.side, sideIds, `Use a side id (${sideIds.join(', ')}) or '${ANY_SIDE}'.`));
    if ((o.landmark === undefined) === (o.area === undefined)) {
      report(ctx, base, o.landmark === undefined ? 'scenario/missing' : 'scenario/bad-value', 'an objective is either a landmark or an area', 'Write landmark: <name> with radius: <inches>, or area: <terrain id>.');
      return;
    }
    if (o.landmark !== undefined) {
      if (!places.landmarks.has(normalizeName(o.landmark))) {
        const names = [...new Set([...places.landmarks.values()].map((l) => l.name))];
        report(ctx, [...base, 'landmark'], 'scenario/unknown-landmark', `no landmark is called '${o.landmark}'`, didYouMean(o.landmark, names, `Landmarks: ${listSome(names)}.`));
      }
      if (o.radius === undefined) report(ctx, base, 'scenario/missing', 'a landmark objective needs a radius', 'Add radius: how many inches from the landmark a stand must be to hold it (6 = one mile in DRAM).');
    } else {
      if (o.radius !== undefined) report(ctx, [...base, 'radius'], 'scenario/bad-value', 'an area objective has no radius: the area itself is held', 'Delete radius.', { at: 'key' });
      if (!areas.some((a) => a.id === o.area)) report(ctx, [...base, 'area'], 'scenario/unknown-ref', `no terrain area has the id '${o.area}'`, didYouMean(o.area!, areas.map((a) => a.id), 'Name an area feature (woods, built-up, hill…) from map.terrain.'));
    }
  });
  const collapsing = new Map<string, number>();
  v.collapse.forEach((c, i) => {
    const path = ['victory', 'collapse', i, 'side'];
    if (!sides.has(c.side)) report(ctx, path, 'scenario/unknown-ref', `'${c.side}' is not a side`, didYouMean(c.side, sideIds, `Sides: ${sideIds.join(', ')}.`));
    const prev = collapsing.get(c.side);
    if (prev !== undefined) report(ctx, path, 'scenario/duplicate-id', `side '${c.side}' already has a collapse rule`, 'One collapse rule per side.', { related: ['victory', 'collapse', prev, 'side'] });
    else collapsing.set(c.side, i);
  });
}
