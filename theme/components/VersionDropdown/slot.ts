// The version menu, banner and navbar links are code only a site with docs versions runs: the browser loads
// them as a chunk of their own on such a site, before hydrating (so that its first render matches the
// server's HTML: client.tsx), and every other site leaves them out of the bundle it loads. The server has them
// always (server.tsx). This module only holds them once handed over: it imports nothing, since a module the main
// bundle and a lazily loaded chunk both reach is split by esbuild into a chunk of its own, with all it imports.
import type * as VersionUi from './index.js';

export type VersionParts = typeof VersionUi;

let parts: VersionParts | null = null;

/** The version parts, once handed over (always on the server; in the browser, on a site with versions). */
export function versionParts(): VersionParts | null {
  return parts;
}

/** Hands the parts over, bound to what they take from the main bundle. */
export function provideVersionParts(loaded: VersionParts, deps: Parameters<VersionParts['bindVersionParts']>[0]): void {
  loaded.bindVersionParts(deps);
  parts = loaded;
}
