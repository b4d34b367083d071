/** The render pool: maps drawn off the main thread, in child processes. */
export { createRenderPool, type RenderPool, type RenderPoolOptions, type RenderPoolStats } from './pool';
export { RenderError, RENDER_ERROR_CODES, type RenderErrorCode } from './protocol';
