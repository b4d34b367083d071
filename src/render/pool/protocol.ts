/**
 * Messages between the render pool and its child processes. Plain data: the description is
 * JSON-shaped, the PNG crosses as bytes (the channel uses Node's 'advanced' serialization,
 * so no base64 round trip).
 */
import type { RenderOptions } from '../map/draw';
import type { MapDescription } from '../map/model';

export type ToChild =
  | { readonly type: 'render'; readonly id: number; readonly description: MapDescription; readonly options: RenderOptions }
  | { readonly type: 'exit' };

export type FromChild =
  | { readonly type: 'ready' }
  | {
    readonly type: 'done'; readonly id: number; readonly data: Uint8Array; readonly format: 'png' | 'jpeg';
    readonly width: number; readonly height: number; readonly hiddenLabels: number; readonly attempts: readonly string[]; readonly ms: number;
  }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

export const RENDER_ERROR_CODES = ['render/timeout', 'render/crashed', 'render/failed', 'render/closed', 'render/busy', 'render/unavailable'] as const;
export type RenderErrorCode = (typeof RENDER_ERROR_CODES)[number];

/** A map that could not be rendered: a bug or an overload, never the player's fault. */
export class RenderError extends Error {
  constructor(readonly code: RenderErrorCode, message: string) {
    super(message);
    this.name = 'RenderError';
  }
}
