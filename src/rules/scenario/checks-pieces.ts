import type { z } from 'zod';
import { report, type IssuePath } from './codes';
import { closest, listSome } from './names';
import type { GeneralLevel } from './vocabulary';

/** Something in the order of battle that an id names. */
export interface PieceInfo {
  readonly kind: 'general' | 'wing' | 'brigade' | 'corps' | 'unit';
  readonly side: string;
  /** Path of its `id` field. */
  readonly path: IssuePath;
  readonly level?: GeneralLevel;
}

/** Every id of the orders of battle, in one namespace: deployments name generals and units by id alone. */
export type Pieces = ReadonlyMap<string, PieceInfo>;

/** Report unless `id` names a piece of this kind on this side (and, for generals, of this level). */
export function expectPiece(ctx: z.RefinementCtx, pieces: Pieces, path: IssuePath, id: string, side: string | undefined, kind: PieceInfo['kind'], level?: GeneralLevel | readonly GeneralLevel[]): PieceInfo | undefined {
  const p = pieces.get(id);
  if (!p) {
    const same = [...pieces].filter(([, q]) => q.kind === kind && (side === undefined || q.side === side)).map(([k]) => k);
    const near = closest(id, same);
    report(ctx, path, 'scenario/unknown-ref', `no ${kind} has the id '${id}'`, near.length > 0 ? `Did you mean ${near.map((n) => `'${n}'`).join(' or ')}?` : `Known ${kind}s${side ? ` of ${side}` : ''}: ${listSome(same)}.`);
    return undefined;
  }
  if (p.kind !== kind) {
    report(ctx, path, 'scenario/unknown-ref', `'${id}' is a ${p.kind}, not a ${kind}`, kind === 'unit' && p.kind === 'general' ? `Write general: ${id}.` : kind === 'general' && p.kind === 'unit' ? `Write unit: ${id}.` : `Name a ${kind} here.`, { related: p.path });
    return undefined;
  }
  if (side !== undefined && p.side !== side) {
    report(ctx, path, 'scenario/unknown-ref', `${kind} '${id}' belongs to side '${p.side}', not '${side}'`, `Name a ${kind} of ${side}.`, { related: p.path });
    return undefined;
  }
  const levels: readonly GeneralLevel[] | undefined = level === undefined ? undefined : typeof level === 'string' ? [level] : level;
  if (levels !== undefined && (p.level === undefined || !levels.includes(p.level))) {
    report(ctx, path, 'scenario/level-mismatch', `general '${id}' is a ${p.level} general, but this post needs a ${levels.join(' or ')} general`, `Set level: ${levels[0]} on '${id}', or name another general.`, { related: p.path });
  }
  return p;
}
