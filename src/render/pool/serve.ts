/**
 * The child side of the render pool: answer render jobs one at a time until told to exit or
 * until the parent goes away. A child whose parent dies (even by SIGKILL) sees its IPC channel
 * close and exits: the pool never leaves orphans behind.
 */
import { registerFonts } from '../fonts';
import { renderMap, type RenderedMap, type RenderOptions } from '../map/draw';
import type { MapDescription } from '../map/model';
import type { FromChild, ToChild } from './protocol';

export type Renderer = (description: MapDescription, options: RenderOptions) => RenderedMap;

export function serveRenderJobs(render: Renderer = renderMap): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('serveRenderJobs: not started by the render pool (no IPC channel)');
  // Fonts before any canvas (node-canvas reads them when the first canvas is created).
  registerFonts();
  // The parent decides when a child stops (close() sends 'exit'; its death closes the channel).
  // Quietly: a child writing to a parent that just went away gets EPIPE or
  // ERR_IPC_CHANNEL_CLOSED, which is the parent leaving, not an error worth a stack trace.
  process.on('disconnect', () => process.exit(0));
  process.on('error', () => process.exit(0));
  // Ctrl-C and systemd signal the whole process group: a child that died of it mid-shutdown
  // would fail its job and be restarted. It ignores them and leaves when its parent says so.
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => undefined);
  const reply = (m: FromChild) => {
    if (!process.connected) return process.exit(0);
    send(m, undefined, undefined, (e: Error | null) => { if (e) process.exit(0); });
  };
  process.on('message', (raw: ToChild) => {
    if (raw.type === 'exit') {
      process.disconnect();
      return;
    }
    const started = performance.now();
    let answer: FromChild;
    try {
      const r = render(raw.description, raw.options);
      answer = { type: 'done', id: raw.id, data: r.data, format: r.format, width: r.width, height: r.height, hiddenLabels: r.hiddenLabels, attempts: r.attempts, ms: performance.now() - started };
    } catch (e) {
      answer = { type: 'failed', id: raw.id, message: e instanceof Error ? e.message : String(e) };
    }
    reply(answer);
  });
  reply({ type: 'ready' });
}
