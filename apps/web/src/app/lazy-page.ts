import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, MESSAGES } from '@portal/contract';

/** A route module that could not be fetched (deploy replaced it, offline, or it hung too long). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(
    readonly chunk: string,
    options?: { cause?: unknown },
  ) {
    super(MESSAGES.chunkLoadFailed(chunk), options);
  }
}

// Browsers word a failed dynamic import differently; Vite adds its own for CSS preloads.
const BROWSER_CHUNK_ERRORS =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading chunk .* failed/i;

export const isChunkLoadError = (error: unknown): error is Error =>
  error instanceof ChunkLoadError || (error instanceof Error && BROWSER_CHUNK_ERRORS.test(error.message));

/** Names the chunk for MESSAGES.chunkLoadFailed; `?` when the browser's error does not say. */
export const chunkNameOf = (error: unknown) =>
  error instanceof ChunkLoadError
    ? error.chunk
    : (/\/assets\/([\w.-]+?)(?:-[\w-]{8})?\.js/.exec(String(error))?.[1] ?? '?');

/** Imports a route module, failing with a ChunkLoadError on error or after CHUNK_LOAD_TIMEOUT_MS (docs/product.md §9). */
export function loadChunk<T>(chunk: string, importer: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk)), CHUNK_LOAD_TIMEOUT_MS);
    importer()
      .then(resolve, (cause: unknown) => reject(new ChunkLoadError(chunk, { cause })))
      .finally(() => clearTimeout(timer));
  });
}

/**
 * Route props of a lazily loaded screen: `{ path, ...lazyPage('sign-in', () => import(...).then(m => m.X)) }`.
 * The function form of `lazy` on purpose: with the object form, React Router 7 swallows a failed
 * `Component` import on a route without loader and renders an empty page instead of errorElement.
 */
export function lazyPage(chunk: string, load: () => Promise<ComponentType>) {
  return { lazy: async () => ({ Component: await loadChunk(chunk, load) }) };
}
