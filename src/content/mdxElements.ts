// The elements of the components the MDX rewrite (mdx.ts) reads, written as sitegen's markdown: <Tabs> and
// <TabItem> as `:::tabs` and `== label` lines, <Admonition> as a `:::type` box, <Details> as a <details>.
import type { JsxTag } from './jsxTag.js';
import { componentHint, readAdmonition, readDetails, readTabItem, readTabs, type ComponentKind } from './mdxComponents.js';
import { columns, emit, isListMarker, listItemColumn, problem, push, top, type Cursor, type Frame, type State } from './mdxState.js';
import { leastIndents } from './mdxText.js';

/** Writes the cursor's text as a line of the element it is in (text directly in a Tabs is in no tab: an error). */
export function writeText(s: State, c: Cursor): void {
  const frame = top(s);
  const text = c.afterTag && c.text.trim() ? ' '.repeat(frame.base) + c.text.trim() : c.text;
  if (frame.kind === 'Tabs' && text.trim() !== '') {
    problem(s, c.from + c.text.length - c.text.trimStart().length, `text in <${frame.name}> outside its TabItems is in no tab, so it would not be shown`, `put it in a <TabItem>, or after </${frame.name}>`);
    emit(s, '', c.line);
  } else emit(s, text, c.line);
  c.wrote = true;
}

/** A component sitegen does not run: an error at its opening tag (its closing tag goes with it). */
export function unknownComponent(s: State, tag: JsxTag): void {
  if (tag.closing) return;
  const module = s.modules.get(tag.name.split('.')[0]!);
  // In a .md file it may be text (`List<String>`), which a browser would hide as an unknown tag: say how to show it.
  const hint = componentHint(tag.name);
  const asText = s.strict || module || hint !== componentHint('') ? '' : `; if it is text, write it in \`code\` or as \\<${tag.name}>`;
  problem(s, tag.start, `<${tag.name}> is a React component${module ? ` (from "${module}")` : ''}, which sitegen does not run`, `${hint}${asText}`);
}

/**
 * Writes a tag of a component sitegen reads: the text before it on its line is a line of its own, unless it is the
 * line's indentation or a list item's marker (`1. <Tabs>`), which the block's opening line keeps.
 */
export function writeTag(s: State, c: Cursor, tag: JsxTag, kind: ComponentKind): void {
  const lead = c.afterTag ? null : c.text.trim() === '' ? c.text : !tag.closing && kind !== 'TabItem' && isListMarker(c.text) ? c.text : null;
  if (lead === null && c.text.trim() !== '') writeText(s, c);
  c.text = '';
  c.afterTag = true;
  const written = s.out.length;
  if (tag.closing) closeTag(s, tag, kind, c.line);
  else {
    const frame = kind === 'TabItem' ? openTabItem(s, tag, c.line) : openBlock(s, tag, kind, c.line, lead);
    if (tag.selfClosing) closeFrame(s, s.stack.pop()!, c.line);
    else frame.dedent = bodyDedent(s, tag, frame);
  }
  // A closing tag of none writes nothing: its line is still written (blank).
  if (s.out.length > written) c.wrote = true;
}

function openTabItem(s: State, tag: JsxTag, line: number): Frame {
  const parent = top(s);
  // One in a Tabs that is itself in no tab is told with that Tabs: its text is shown as text.
  if (parent.kind !== 'Tabs' || parent.orphan) {
    if (!parent.orphan) problem(s, tag.start, `<${tag.name}> is not in a <Tabs>, so its tab would be in no group`, `put it between <Tabs> and </Tabs>`);
    return push(s, { kind: 'TabItem', name: tag.name, base: parent.base, dedent: parent.dedent, at: tag.start, out: emit(s, '', line), close: '', orphan: true });
  }
  const { defaultValue, labels } = parent.options!;
  const { value, label, isDefault, defaultAt } = readTabItem(tag, labels, s.problems);
  // sitegen's tabs start on their first (tabs.ts): a group that says another would start elsewhere in Docusaurus.
  const first = 'the first tab of a group is the one shown first here';
  if (isDefault && parent.tabs! > 0) s.problems.push({ at: defaultAt, severity: 'warning', message: `default: ${first}, so this one is not`, hint: 'move this TabItem first in its Tabs' });
  if (defaultValue && parent.tabs === 0 && value !== defaultValue.value) s.problems.push({ at: defaultValue.at, severity: 'warning', message: `defaultValue="${defaultValue.value}": ${first}, ${label ?? value ?? ''}`, hint: `move the TabItem of value "${defaultValue.value}" first` });
  parent.tabs!++;
  const head = `${' '.repeat(parent.base)}== ${label ?? `${parent.tabs}`}`;
  return push(s, { kind: 'TabItem', name: tag.name, base: parent.base, dedent: parent.dedent, at: tag.start, out: emit(s, head, line), close: '' });
}

/**
 * Opens a Tabs, an Admonition or a Details; `lead`: what is before its tag on its line, when the tag is the first
 * thing there (its indentation, or the marker of the list item it starts: its lines are the item's).
 */
function openBlock(s: State, tag: JsxTag, kind: ComponentKind, line: number, lead: string | null): Frame {
  const parent = top(s);
  const column = lead === null ? 0 : columns(lead);
  const marker = lead !== null && lead.trim() !== '';
  const base = marker ? column : ((column ? listItemColumn(s, column) : null) ?? parent.base);
  const pad = ' '.repeat(base);
  // The opening line: at the base, or after the item's marker.
  const start = marker ? lead : pad;
  const frame: Frame = { kind, name: tag.name, base, dedent: parent.dedent, at: tag.start, out: 0, close: '' };
  if (parent.kind === 'Tabs') {
    problem(s, tag.start, `<${tag.name}> in <${parent.name}> outside its TabItems is in no tab, so it would not be shown`, `put it in a <TabItem>, or after </${parent.name}>`);
    frame.orphan = true;
    frame.out = emit(s, '', line);
  } else if (kind === 'Tabs') {
    const options = readTabs(tag, s.problems);
    Object.assign(frame, { tabs: 0, options, close: `${pad}:::`, out: emit(s, `${start}:::tabs${options.key ? ` key:${options.key}` : ''}`, line) });
    s.tabsLines.add(frame.out);
  } else if (kind === 'Admonition') {
    const head = readAdmonition(tag, s.problems);
    Object.assign(frame, { close: head ? `${pad}:::` : '', out: emit(s, head ? start + head : marker ? lead : '', line) });
  } else {
    Object.assign(frame, { close: `${pad}</details>`, out: emit(s, start + readDetails(tag, s.problems), line) });
    // An HTML block runs to a blank line: one after <details> (and after </details>) lets its text be markdown, as MDX reads it.
    emit(s, '', line);
  }
  return push(s, frame);
}

/**
 * How much leading whitespace to take off the lines of an element: as much as puts its least indented
 * line (fenced code's own lines left out) at its base, so that `  <TabItem>` then `    text` is text.
 */
function bodyDedent(s: State, tag: JsxTag, frame: Frame): number {
  s.leastIndents ??= leastIndents(s, [...s.names.keys()]);
  const least = s.leastIndents.get(tag.start) ?? Infinity;
  return least === Infinity ? frame.dedent : Math.max(0, least - frame.base);
}

function closeTag(s: State, tag: JsxTag, kind: ComponentKind, line: number): void {
  let index = s.stack.length - 1;
  while (index > 0 && !(s.stack[index]!.kind === kind && s.stack[index]!.name === tag.name)) index--;
  if (index === 0) return problem(s, tag.start, `</${tag.name}> closes no <${tag.name}>`, `delete it, or open a <${tag.name}> before it`);
  while (s.stack.length - 1 > index) {
    const open = s.stack.pop()!;
    problem(s, open.at, `<${open.name}> is not closed before </${tag.name}>`, `close it with </${open.name}>`);
    closeFrame(s, open, line);
  }
  closeFrame(s, s.stack.pop()!, line);
}

export function closeFrame(s: State, frame: Frame, line: number): void {
  if (frame.kind === 'Tabs' && !frame.orphan && frame.tabs === 0) {
    problem(s, frame.at, `<${frame.name}> has no TabItem, so it has no tabs`, 'put a <TabItem value="…" label="…"> in it for each tab');
    s.out[frame.out] = '';
    s.tabsLines.delete(frame.out);
    emit(s, '', line);
    return;
  }
  emit(s, frame.orphan ? '' : frame.close, line);
  if (frame.kind === 'Details' && !frame.orphan) emit(s, '', line);
}

