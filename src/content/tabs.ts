// Tabs in markdown, two ways:
// - `:::tabs`, a `== Label` line before each tab's content (as vitepress-plugin-tabs writes them);
// - `::: code-group`, as VitePress writes it: each fenced code block is a tab, labelled by `[label]` in
//   its info string (```sh [npm]), else by its title="…", else by its language.
// Either may name a sync key after it (`:::tabs key:os`, as vitepress-plugin-tabs writes it): groups with the
// same key choose together and are remembered under it; groups without one choose together by label.
// Rendered as radio buttons and panels, so that they switch without JavaScript and by keyboard (the
// arrow keys move within a radio group); the theme syncs and remembers the chosen label.
import { decodeHtml, escapeHtml } from './escapeHtml.js';
import { linesOutsideCode } from './fences.js';

/** The container kinds that hold tabs. */
export const TAB_KINDS = ['tabs', 'code-group'];
/** The most tabs a group may have (the theme's CSS shows the panel of each position up to this many). */
export const MAX_TABS = 12;

/** One tab of a `:::tabs` container: its label and its markdown, with where that starts in the container's text. */
export interface TabSource {
  label: string;
  body: string;
  /** Offset of the `== Label` line in the container's inner text. */
  offset: number;
}

const TAB_LINE_RE = /^==[ \t]+(\S.*?)[ \t]*$/;
// A key is one word: it names the group in the page's HTML and in the visitor's storage.
const KEY_RE = /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u;
const OPEN_CONTAINER_RE = /^:{3,}[ \t]*[A-Za-z]/;
const CLOSE_CONTAINER_RE = /^:{3,}\s*$/;

/**
 * Splits a `:::tabs` container's inner text at its `== Label` lines: those outside fenced code and
 * outside containers nested in it. `before` is what comes before the first such line (it belongs to
 * no tab).
 */
export function splitTabs(inner: string): { before: string; tabs: TabSource[] } {
  const tabs: TabSource[] = [];
  let before = '';
  let depth = 0;
  let start = 0;
  const close = (end: number) => {
    const body = inner.slice(start, end);
    if (tabs.length) tabs[tabs.length - 1]!.body = body;
    else before = body;
  };
  for (const { line, start: at, next } of linesOutsideCode(inner)) {
    if (OPEN_CONTAINER_RE.test(line)) depth++;
    else if (depth > 0 && CLOSE_CONTAINER_RE.test(line)) depth--;
    else if (depth === 0) {
      const tab = TAB_LINE_RE.exec(line);
      if (tab) {
        close(at);
        tabs.push({ label: decodeHtml(tab[1]!), body: '', offset: at });
        start = next;
      }
    }
  }
  close(inner.length);
  return { before, tabs };
}

/** What follows `:::tabs` or `::: code-group` on its line, read: its sync key, or why there is none. */
export interface GroupOptions {
  key?: string;
  problem?: { severity: 'error' | 'warning'; message: string; hint: string };
}

/** Reads the text after a group's kind (`key:os`; `null`: none). */
export function parseGroupOptions(text: string | null, kind: string): GroupOptions {
  if (!text) return {};
  const name = kind === 'code-group' ? '::: code-group' : ':::tabs';
  const example = `${name} key:${KEY_RE.test(text) ? text : 'os'}`;
  if (!text.startsWith('key:')) return { problem: { severity: 'warning', message: `"${text}" after ${name} does nothing`, hint: `to make groups choose together, give them the same sync key, such as ${example}` } };
  const key = text.slice('key:'.length);
  if (!key) return { problem: { severity: 'error', message: `"${text}" names no key`, hint: `write a word after the colon, such as ${example}` } };
  const wrong = keyProblem(key);
  if (wrong) return { problem: { severity: 'error', message: `"${text}" is not a key: ${wrong.rule}`, hint: wrong.word ? `write key:${wrong.word}` : `write a word after the colon, such as ${example}` } };
  return { key };
}

/** What is wrong with a sync key (`os`, `my os`; also a `<Tabs groupId>`): the rule it breaks and the word to write instead ('' for none); null when it is one. */
export function keyProblem(key: string): { rule: string; word: string } | null {
  if (KEY_RE.test(key)) return null;
  // Not guessed at as the plugin does (`key:my os` is "my" there): the author says which word.
  const word = key.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[._-]+|-+$/g, '');
  // `key:-os` is one word of those: what it lacks is a letter or digit first.
  const rule = /^[\p{L}\p{N}._-]+$/u.test(key) ? 'a key starts with a letter or a digit' : 'a key is one word of letters, digits, ".", "-" and "_"';
  return { rule, word };
}

/** A code block's label in a code-group: its `[label]`, else its title, else its language, else "Code". */
export function codeTabLabel(options: { tab?: string; title?: string; lang: string }): string {
  return options.tab || options.title || options.lang || 'Code';
}

// The group's accessible name: without one a screen reader announced the tabs' radio buttons as an unnamed group.
const GROUP_LABELS: Record<string, string> = { zh: '选项卡', en: 'Tabs', ja: 'タブ' };

/** A group of tabs' accessible name in a locale (`zh-Hans`), English for one not known. */
export function tabsGroupLabel(locale: string): string {
  return GROUP_LABELS[locale.split('-')[0]!.toLowerCase()] ?? GROUP_LABELS.en!;
}

/**
 * The HTML of a group of tabs: a radio button and a label per tab, then the panels (`panels[i]` is
 * the HTML of tab i). `group` is unique on the page (the radios' name and ids); the first tab is chosen;
 * `key`, its sync key, is the theme's to read; the group is named in the page's `locale`.
 */
export function tabsHtml({ group, labels, panels, kind, key, locale }: { group: string; labels: string[]; panels: string[]; kind: string; key?: string; locale: string }): string {
  const radios = labels
    .map((label, i) => {
      const id = `${group}-${i}`;
      return `<input type="radio" class="tabs-radio" name="${group}" id="${id}"${i === 0 ? ' checked' : ''}><label class="tabs-label" for="${id}">${escapeHtml(label)}</label>`;
    })
    .join('');
  const body = panels.map((html, i) => `<div class="tabs-panel" data-label="${escapeHtml(labels[i]!)}">${html}</div>`).join('');
  return `<div class="tabs${kind === 'code-group' ? ' code-group' : ''}"${key ? ` data-key="${escapeHtml(key)}"` : ''} role="group" aria-label="${escapeHtml(tabsGroupLabel(locale))}">${radios}${body}</div>\n`;
}
