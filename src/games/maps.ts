import type { Problem, Result } from '../lib/result';
import { err } from '../lib/result';
import type { Viewer } from '../rules/contract';
import type { GameEvent } from '../rules/events';
import { safeText } from '../interaction/safe-text';
import { rulesetById } from '../rules/index';
import { renderMap, type MapDescription, type MapView } from '../render/map';
import type { RenderPool } from '../render/pool';
import type { GameRow } from './games.repo';
import type { GameOptions } from './options';

/** Draws a map description to an image: in the child-process pool in the bot, in-process in tests and the console. */
export interface MapRenderer {
  render(desc: MapDescription): Promise<{ data: Buffer; format: 'png' | 'jpeg' }>;
}

/**
 * Maps drawn in a pool of child processes, started on the first map (a session that never
 * draws one never forks) and waited for before it closes (no child is killed mid start-up).
 */
export function lazyPoolRenderer(create: () => RenderPool): MapRenderer & { close(): Promise<void> } {
  let pool: RenderPool | null = null;
  return {
    render(desc) {
      pool ??= create();
      return pool.render(desc);
    },
    async close() {
      if (!pool) return;
      await pool.ready().catch(() => undefined);
      await pool.close();
    },
  };
}

/** Synchronous canvas drawing on the calling thread: fine for tests and the local console, not for the bot. */
export const inProcessRenderer = (): MapRenderer => ({ render: async (desc) => renderMap(desc) });

/** What to draw for a game, as its ruleset describes it (pure; ~1-2 ms). */
export function describeGame(game: Pick<GameRow, 'ruleset' | 'name' | 'options'>, state: unknown, opts: { events?: readonly GameEvent[]; viewer?: Viewer; view?: MapView } = {}): Result<MapDescription, Problem> {
  const options = JSON.parse(game.options) as GameOptions;
  const ruleset = rulesetById(game.ruleset);
  if (!ruleset) return err({ code: 'map/unsupported', message: `No map for ruleset ${game.ruleset}.` });
  return ruleset.present.map(state, { events: opts.events ?? [], viewer: opts.viewer ?? { kind: 'public' }, ...(opts.view ? { view: opts.view } : {}), palette: options.palette, game: safeText(game.name) });
}

export const mapFileName = (format: 'png' | 'jpeg', stem = 'map') => `${stem}.${format === 'png' ? 'png' : 'jpg'}`;
