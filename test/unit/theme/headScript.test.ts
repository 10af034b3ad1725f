// The inline head script, run in a VM against a tiny fake of the DOM APIs it touches.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { headScriptFor } from '../../../theme/headScript.js';

interface Env {
  stored?: Record<string, string>;
  storageThrows?: boolean;
  systemDark?: boolean;
  booted?: boolean;
  pathname?: string;
  routePath?: string;
  scriptSrc?: string;
}

function run(env: Env, options = { defaultMode: 'light' as const, disableSwitch: false, respectPrefersColorScheme: true }) {
  const attributes: Record<string, string> = {};
  const classes = new Set<string>();
  const style: Record<string, string> = {};
  const inserted: { id?: string; text?: string }[] = [];
  let ready: (() => void) | null = null;
  const storage = {
    getItem: (key: string) => env.stored?.[key] ?? null,
  };
  const window: Record<string, unknown> = {};
  Object.defineProperty(window, 'localStorage', {
    get() {
      if (env.storageThrows) throw new Error('SecurityError');
      return storage;
    },
  });
  if (env.booted) window.__sgBoot = true;
  const document = {
    documentElement: {
      setAttribute: (k: string, v: string) => (attributes[k] = v),
      classList: { add: (c: string) => classes.add(c) },
      style: { setProperty: (k: string, v: string) => (style[k] = v) },
    },
    addEventListener: (_: string, fn: () => void) => (ready = fn),
    getElementById: () => ({ textContent: JSON.stringify({ route: { path: env.routePath ?? '/en/docs/x' } }) }),
    querySelector: () => ({ getAttribute: () => env.scriptSrc ?? '/assets/client.abc.js' }),
    createElement: () => {
      const node: { id?: string; textContent?: string; setAttribute: () => void } = { setAttribute: () => {} };
      return node;
    },
    body: {
      firstChild: null,
      insertBefore: (node: { id?: string; textContent?: string }) => inserted.push({ id: node.id, text: node.textContent }),
    },
  };
  runInNewContext(headScriptFor(options), {
    window,
    document,
    location: { pathname: env.pathname ?? '/en/docs/x' },
    matchMedia: () => ({ matches: !!env.systemDark }),
  });
  (ready as (() => void) | null)?.();
  return { attributes, classes, style, inserted };
}

describe('head script', () => {
  it('follows the system by default', () => {
    expect(run({}).attributes).toEqual({ 'data-theme': 'light', 'data-theme-choice': 'system' });
    expect(run({ systemDark: true }).attributes['data-theme']).toBe('dark');
  });

  it('applies a stored choice before first paint', () => {
    expect(run({ stored: { 'sg-color-mode': 'dark' } }).attributes).toEqual({ 'data-theme': 'dark', 'data-theme-choice': 'dark' });
    expect(run({ stored: { 'sg-color-mode': 'light' }, systemDark: true }).attributes['data-theme']).toBe('light');
    expect(run({ stored: { 'sg-color-mode': 'purple' } }).attributes['data-theme-choice']).toBe('system');
  });

  it('uses the default mode when the switch is disabled or the system is not followed', () => {
    expect(run({ stored: { 'sg-color-mode': 'dark' } }, { defaultMode: 'light', disableSwitch: true, respectPrefersColorScheme: false }).attributes['data-theme']).toBe('light');
    expect(run({ systemDark: true }, { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false }).attributes['data-theme']).toBe('light');
  });

  it('hides the dismissed announcement through its custom property', () => {
    expect(run({ stored: { 'sg-announcement-dismissed': 'release-11-6-1' } }).style).toEqual({ '--sg-ann-release-11-6-1': 'none' });
    expect(run({}).style).toEqual({});
  });

  it('survives blocked storage with the defaults', () => {
    const result = run({ storageThrows: true });
    expect(result.attributes['data-theme']).toBe('light');
    expect(result.classes.has('sg-js')).toBe(true);
  });

  it('shows the base URL banner only when the bundle did not run and the page sits under another base', () => {
    const moved = run({ pathname: '/docs-site/en/docs/x', routePath: '/en/docs/x' });
    expect(moved.inserted).toHaveLength(1);
    expect(moved.inserted[0].text).toContain('Your site did not load properly');
    expect(moved.inserted[0].text).toContain('baseUrl = /docs-site/');
    const home = run({ pathname: '/docs-site/', routePath: '/' });
    expect(home.inserted[0].text).toContain('baseUrl = /docs-site/');
    expect(run({ pathname: '/en/docs/x' }).inserted).toHaveLength(0);
    expect(run({ pathname: '/docs-site/en/docs/x', booted: true }).inserted).toHaveLength(0);
  });
});
