// Public API of sitegen: config helper for site.config.ts, and the stages for programmatic use.
export { defineConfig } from './config/userConfig.js';
export type { UserConfig } from './config/userConfig.js';
export { loadConfig } from './config/loadConfig.js';
export { buildSite, planSite, createBuildMemo } from './build.js';
export { createPool } from './workers/pool.js';
export type { BuildOptions, BuildResult, SitePlan, Reporter } from './build.js';
export { SitegenError, formatDiagnostic } from './diagnostics.js';
export { main } from './cli.js';
export type * from './types.js';
