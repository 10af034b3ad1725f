// The components of Docusaurus's theme that MDX pages use and sitegen reads as its own markdown
// (<Tabs>, <TabItem>, <Admonition>, <Details>), their attributes, and what to say of any other.
import { closestMatch } from '../diagnostics.js';
import { escapeHtml } from './escapeHtml.js';
import type { JsxAttribute, JsxTag } from './jsxTag.js';
import { keyProblem } from './tabs.js';

export type ComponentKind = 'Tabs' | 'TabItem' | 'Admonition' | 'Details';

/** The modules whose default export is one of them: imported, they are dropped (the names are sitegen's already). */
export const THEME_MODULES: Record<string, ComponentKind> = { '@theme/Tabs': 'Tabs', '@theme/TabItem': 'TabItem', '@theme/Admonition': 'Admonition', '@theme/Details': 'Details' };

/** A problem of a tag's attribute: where (an offset of the text), how bad, what and what to do. */
export interface AttributeProblem {
  at: number;
  severity: 'error' | 'warning';
  message: string;
  hint: string;
}

// Docusaurus's admonition types, and the older names it still takes for three of them.
const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution'];
export const ADMONITION_ALIASES: Record<string, string> = { secondary: 'note', important: 'info', success: 'tip' };

// Attributes that change nothing sitegen shows (a class on Docusaurus's own markup, rendering on demand): read silently.
const IGNORED: Record<ComponentKind, string[]> = { Tabs: ['className', 'lazy', 'block'], TabItem: ['className', 'attributes'], Admonition: [], Details: ['className'] };
const KNOWN: Record<ComponentKind, string[]> = { Tabs: ['groupId', 'queryString', 'values', 'defaultValue'], TabItem: ['value', 'label', 'default'], Admonition: ['type', 'title', 'icon'], Details: ['summary', 'open'] };

/** A tag's attributes by name, each unknown one and each expression told to `problems`. */
function readAttributes(tag: JsxTag, kind: ComponentKind, problems: AttributeProblem[]): Map<string, JsxAttribute> {
  const read = new Map<string, JsxAttribute>();
  for (const attribute of tag.attributes) {
    const { name, value, at } = attribute;
    if (name === '...') problems.push({ at, severity: 'error', message: `<${tag.name} ${value.kind === 'expression' ? value.text : ''}> spreads a JavaScript value, which sitegen cannot evaluate`, hint: 'write each attribute as a string: name="value"' });
    else if (KNOWN[kind].includes(name)) read.set(name, attribute);
    else if (!IGNORED[kind].includes(name)) {
      const guess = closestMatch(name, KNOWN[kind], 3);
      problems.push({ at, severity: 'warning', message: `${name} does nothing on <${tag.name}> here`, hint: guess ? `did you mean ${guess}?` : 'delete it' });
    }
  }
  return read;
}

/** A string attribute's text; an expression is an error (told), a flag is no text. */
function stringOf(attribute: JsxAttribute | undefined, problems: AttributeProblem[]): string | undefined {
  if (!attribute) return undefined;
  const { value, name, at } = attribute;
  if (value.kind === 'string') return value.text;
  if (value.kind === 'expression' && name !== 'values') problems.push({ at, severity: 'error', message: `${name}=${value.text} is JavaScript, which sitegen cannot evaluate`, hint: `write the value as a string: ${name}="…"` });
  if (value.kind === 'boolean') problems.push({ at, severity: 'error', message: `${name} has no value`, hint: `write it as ${name}="…"` });
  return undefined;
}

/** What a `<Tabs>` says: its sync key (`groupId`), the labels its `values={[{ label, value }]}` gives (Docusaurus's older way), the tab it starts on. */
export interface TabsOptions {
  key?: string;
  labels: Map<string, string>;
  /** `defaultValue`, and where it is written. */
  defaultValue?: { value: string; at: number };
}

export function readTabs(tag: JsxTag, problems: AttributeProblem[]): TabsOptions {
  const read = readAttributes(tag, 'Tabs', problems);
  const groupId = read.get('groupId');
  const key = stringOf(groupId, problems);
  const labels = valuesOf(read.get('values'), problems);
  const given = read.get('defaultValue');
  const value = stringOf(given, problems);
  const options: TabsOptions = { labels, ...(value !== undefined ? { defaultValue: { value, at: given!.at } } : {}) };
  const queryString = read.get('queryString');
  if (queryString) problems.push({ at: queryString.at, severity: 'warning', message: "queryString does nothing here: sitegen's tabs do not read or write the address's query", hint: 'delete it; groupId keeps the groups of a key in step, and remembers the choice' });
  if (key === undefined) return options;
  const wrong = keyProblem(key);
  if (!wrong) return { ...options, key };
  problems.push({ at: groupId!.at, severity: 'error', message: `groupId="${key}" is not a sync key: ${key ? wrong.rule : 'it is empty'}`, hint: `write groupId="${wrong.word || 'os'}"` });
  return options;
}

const VALUE_ENTRY_RE = /\{([^{}]*)\}/g;
const FIELD_RE = /\b(label|value)\s*:\s*(["'`])((?:(?!\2)[^\\]|\\.)*)\2/g;

/** `values={[{ label: 'Apple', value: 'apple' }, …]}`: value → label. */
function valuesOf(attribute: JsxAttribute | undefined, problems: AttributeProblem[]): Map<string, string> {
  const labels = new Map<string, string>();
  if (!attribute) return labels;
  const { value } = attribute;
  for (const entry of value.kind === 'expression' ? value.text.slice(1, -1).matchAll(VALUE_ENTRY_RE) : []) {
    const fields = Object.fromEntries([...entry[1]!.matchAll(FIELD_RE)].map((m) => [m[1], m[3]]));
    if (fields.value !== undefined) labels.set(fields.value, fields.label ?? fields.value);
  }
  if (labels.size === 0) problems.push({ at: attribute.at, severity: 'error', message: 'values= is not a list of { label, value } that sitegen can read', hint: "write values={[{ label: 'macOS', value: 'mac' }]}, or a label on each TabItem" });
  return labels;
}

/** A `<TabItem>`: its label (`label`, else the label its `<Tabs values>` gives its value, else the value), and whether it says it is the default. */
export function readTabItem(tag: JsxTag, labels: Map<string, string>, problems: AttributeProblem[]): { value?: string; label?: string; isDefault: boolean; defaultAt: number } {
  const told = problems.length;
  const read = readAttributes(tag, 'TabItem', problems);
  const value = stringOf(read.get('value'), problems);
  const label = (stringOf(read.get('label'), problems) ?? (value === undefined ? undefined : (labels.get(value) ?? value)))?.replace(/\s+/g, ' ').trim();
  const flag = read.get('default');
  const isDefault = !!flag && !(flag.value.kind === 'boolean' && !flag.value.value);
  if (!label && !problems.slice(told).some((p) => p.severity === 'error')) problems.push({ at: tag.start, severity: 'error', message: `<${tag.name}> has no value or label, so its tab would have no name`, hint: `give it one: <${tag.name} value="mac" label="macOS">` });
  return { ...(value !== undefined ? { value } : {}), ...(label ? { label } : {}), isDefault, defaultAt: flag?.at ?? tag.start };
}

/** An `<Admonition>`: the `:::kind Title` line it stands for, or null when its type is missing or unknown (told). */
export function readAdmonition(tag: JsxTag, problems: AttributeProblem[]): string | null {
  const read = readAttributes(tag, 'Admonition', problems);
  const icon = read.get('icon');
  if (icon) problems.push({ at: icon.at, severity: 'warning', message: "icon does nothing here: sitegen's boxes show their kind's own", hint: 'delete it' });
  const type = stringOf(read.get('type'), problems);
  const title = stringOf(read.get('title'), problems)?.replace(/\s+/g, ' ').trim();
  const kind = type === undefined ? undefined : (ADMONITION_ALIASES[type] ?? type);
  if (kind !== undefined && ADMONITION_TYPES.includes(kind)) return `:::${kind}${title ? ` ${escapeMarkdown(title)}` : ''}`;
  if (type === undefined && !read.has('type')) problems.push({ at: tag.start, severity: 'error', message: `<${tag.name}> has no type`, hint: `give it one of ${ADMONITION_TYPES.join(', ')}: <${tag.name} type="tip">` });
  else if (type !== undefined) {
    const guess = closestMatch(type, ADMONITION_TYPES, 3);
    problems.push({ at: read.get('type')!.at, severity: 'error', message: `type="${type}" is not a kind of admonition (${ADMONITION_TYPES.join(', ')})`, hint: guess ? `did you mean type="${guess}"?` : 'use one of those kinds' });
  }
  return null;
}

/** A `<Details>`: the `<details>` it stands for, with its `summary` as a `<summary>`. */
export function readDetails(tag: JsxTag, problems: AttributeProblem[]): string {
  const read = readAttributes(tag, 'Details', problems);
  const summary = stringOf(read.get('summary'), problems);
  const open = read.get('open')?.value;
  const isOpen = !!open && !(open.kind === 'boolean' && !open.value);
  return `<details${isOpen ? ' open' : ''}>${summary ? `<summary>${escapeHtml(summary)}</summary>` : ''}`;
}

/** What to write instead of a component sitegen does not run (by its name). */
export function componentHint(name: string): string {
  switch (name) {
    case 'DocCardList':
      return "a category's generated index lists its docs as cards (link: { type: generated-index } in sidebars.yaml or its _category_.yml): link to it, or list the docs here as links";
    case 'CodeBlock':
      return 'write a fenced code block (```js title="a.js"), or show a file\'s code with <<< ./a.js [a.js] on a line of its own';
    case 'Link':
      return 'write a markdown link: [text](./page.md), or [text](/docs/page)';
    case 'TOCInline':
      return 'delete it: the table of contents is beside the page already';
    case 'Head':
      return "delete it: write the page's title, description and image in its front matter";
    default:
      return 'delete it, or write what it shows as markdown or HTML';
  }
}

/** What to do about an import of a module sitegen does not run. */
export function moduleHint(module: string): string {
  if (/\.mdx?$/.test(module)) return "a partial is imported on a line of its own at the top of the page, outside code, and shown with <Name /> on a line of its own";
  // Docusaurus's way to show a file's code: `import Source from '!!raw-loader!./a.js'` in a <CodeBlock>.
  if (/^(?:!!)?raw-loader!/.test(module)) {
    const file = module.replace(/^(?:!!)?raw-loader!/, '');
    // `@site/` is the Docusaurus project's folder: no path of a `<<<` line here, whose `@/` is the locale folder.
    if (file.startsWith('@site/')) {
      const path = file.slice('@site/'.length);
      const name = `_snippets/${path.split('/').pop()}`;
      return `delete the import; @site/ is the Docusaurus project's folder, which sitegen does not read: copy ${path} into a folder of the locale folder whose name starts with _ (${name}), and show it with <<< @/${name} on a line of its own (a code block of its text)`;
    }
    return `delete the import, and show the file with <<< ${file} on a line of its own (a code block of its text)`;
  }
  if (module === '@theme/CodeBlock') return 'delete the import, and write fenced code blocks (```js title="a.js")';
  if (module === '@theme/DocCardList') return `delete the import: ${componentHint('DocCardList')}`;
  return 'delete the import, and write what its components show as markdown or HTML';
}

/** Text as the title of a `:::kind Title` line shows it: as written, not read as markdown (Docusaurus's title is text). */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>~|!&]/g, '\\$&');
}
