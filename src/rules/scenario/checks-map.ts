import type { z } from 'zod';
import { LINE_KINDS, type Point, type TableSize } from '../geometry/types';
import { report, type IssuePath } from './codes';
import { isGridRef } from './grid';
import { didYouMean, normalizeName } from './names';
import { distanceToLine, onTable, placeContext, type PlaceContext } from './places';
import type { ScenarioDoc } from './schema';
import { OFF_TABLE } from './vocabulary';

/** A bridge or ford may sit this far (inches) beyond half the width of the line it crosses: authors place them by eye. */
const CROSSING_SLACK = 0.5;

/** Report a point that lies off the table. */
export function expectOnTable(ctx: z.RefinementCtx, table: TableSize, path: IssuePath, p: Point, what: string): void {
  if (!onTable(table, p)) {
    report(ctx, path, 'scenario/off-table', `${what} (${p.x}, ${p.y}) is off the ${table.width}" × ${table.height}" table`, `x runs from 0 (west edge) to ${table.width}, y from 0 (south edge) to ${table.height}.`);
  }
}

/** Terrain ids, geometry on the table, crossings on their lines, landmark names. Returns what places resolve against. */
export function checkMap(doc: ScenarioDoc, ctx: z.RefinementCtx): PlaceContext {
  const { table, terrain, landmarks } = doc.map;
  const ids = new Map<string, number>();
  terrain.forEach((t, i) => {
    const base = ['map', 'terrain', i];
    const prev = ids.get(t.id);
    if (prev !== undefined) report(ctx, [...base, 'id'], 'scenario/duplicate-id', `terrain id '${t.id}' is used twice`, 'Give every terrain feature its own id.', { related: ['map', 'terrain', prev, 'id'] });
    else ids.set(t.id, i);
    const what = `${t.kind} '${t.id}'`;
    if ('polygon' in t) t.polygon.forEach((p, k) => expectOnTable(ctx, table, [...base, 'polygon', k], p, `a corner of ${what}`));
    if ('line' in t) t.line.forEach((p, k) => expectOnTable(ctx, table, [...base, 'line', k], p, `a point of ${what}`));
    if ('at' in t) expectOnTable(ctx, table, [...base, 'at'], t.at, what);
  });
  terrain.forEach((t, i) => {
    if (!('at' in t) || t.crosses === undefined) return;
    const path = ['map', 'terrain', i, 'crosses'];
    const lines = terrain.flatMap((f) => ('line' in f ? [f] : []));
    const line = lines.find((f) => f.id === t.crosses);
    if (!line) {
      report(ctx, path, 'scenario/unknown-ref', `no river, stream, road, track or obstacle has the id '${t.crosses}'`, didYouMean(t.crosses, lines.map((f) => f.id), `A ${t.kind} crosses a line feature (${LINE_KINDS.join(', ')}).`));
      return;
    }
    const d = distanceToLine(t.at, line.line);
    const limit = (line.width ?? 1) / 2 + CROSSING_SLACK;
    if (d > limit) report(ctx, ['map', 'terrain', i, 'at'], 'scenario/crossing-off-line', `${t.kind} '${t.id}' is ${d.toFixed(1)}" from ${line.kind} '${line.id}' it crosses`, `Move it onto the ${line.kind} (within ${limit}" of its line).`);
  });
  const names = new Map<string, { path: IssuePath; landmark: number }>();
  landmarks.forEach((l, i) => {
    const base = ['map', 'landmarks', i];
    expectOnTable(ctx, table, [...base, 'at'], l.at, `landmark '${l.name}'`);
    [l.name, ...l.aliases].forEach((n, k) => {
      const path = k === 0 ? [...base, 'name'] : [...base, 'aliases', k - 1];
      const key = normalizeName(n);
      const prev = names.get(key);
      // An alias that only repeats its own landmark's name without accents is harmless.
      if (prev && prev.landmark !== i) report(ctx, path, 'scenario/duplicate-id', `landmark name '${n}' is already taken`, 'Names and aliases are matched without case, accents or hyphens, so each must differ from every other landmark\'s.', { related: prev.path });
      else if (!prev) names.set(key, { path, landmark: i });
      if (isGridRef(n) || key === OFF_TABLE.replace('-', ' ')) report(ctx, path, 'scenario/bad-value', `'${n}' cannot name a landmark: it reads as ${isGridRef(n) ? 'a grid reference' : 'off-table'}`, 'Choose a name that is not a grid reference like F7.');
    });
  });
  return placeContext(doc.map);
}
