// Not through lib/storage.js: a module this lazy chunk shared with the client's would become a chunk of
// its own, one more request on every page.
/** Storage key of the tab labels chosen before in groups without a sync key, newest first; a key's are under `sg-tabs:key`. */
export const TABS_KEY = 'sg-tabs';
const REMEMBERED = 8;

/** A group's sync key (`:::tabs key:os`); groups without one choose together by label, as one set. */
function keyOf(group: Element): string {
  return group.getAttribute('data-key') ?? '';
}

function storageKey(key: string): string {
  return key ? `${TABS_KEY}:${key}` : TABS_KEY;
}

/** The labels remembered for a key; none when storage is blocked (private modes, sandboxed frames) or holds no list. */
function remembered(key: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(key)) ?? '[]');
    return Array.isArray(value) ? value.filter((label): label is string => typeof label === 'string') : [];
  } catch {
    return [];
  }
}

function radiosOf(group: Element): HTMLInputElement[] {
  return [...group.querySelectorAll<HTMLInputElement>(':scope > .tabs-radio')];
}

function labelOf(radio: HTMLInputElement): string {
  return radio.nextElementSibling?.textContent ?? '';
}

/** Shows the tab labelled `label` in every group of `key` under `root` that has one. */
function show(root: ParentNode, key: string, label: string): void {
  for (const group of root.querySelectorAll('.tabs')) {
    const radio = keyOf(group) === key ? radiosOf(group).find((r) => labelOf(r) === label) : undefined;
    if (radio) radio.checked = true;
  }
}

/** Opens the tabs (a tab in a tab too) that hold `target`; returns whether one was closed. */
function open(target: Element | null): boolean {
  let opened = false;
  for (let panel = target?.closest('.tabs-panel'); panel; panel = panel.parentElement!.closest('.tabs-panel')) {
    const group = panel.parentElement!;
    const radio = radiosOf(group)[[...group.querySelectorAll(':scope > .tabs-panel')].indexOf(panel)];
    if (radio && !radio.checked) opened = radio.checked = true;
  }
  return opened;
}

/**
 * The address's anchor, when a tab hid it (a page opened at it, a hash typed): its tab opens and it is
 * scrolled to, unless the router put back the page's earlier position (`data-sg-restored`, theme/lib/router.ts:
 * back, forward, a reload), which is kept: the visitor was reading there, not at the anchor.
 */
function revealTarget(event?: Event): void {
  let id = location.hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // An anchor that is not valid percent-encoding is looked for as written.
  }
  const target = id ? document.getElementById(id) : null;
  if (!open(target)) return;
  // Read when the tabs are set up only: a hash typed later is gone to.
  const restored = event ? undefined : document.documentElement.dataset.sgRestored;
  if (restored === undefined) target!.scrollIntoView?.();
  else window.scrollTo(0, Number(restored));
}

/**
 * Sent by the router to the element of an anchor it is about to scroll to (theme/lib/scroll.ts: a link
 * on the page, the table of contents, a search result, back and forward): its tab opens before it is measured.
 */
const REVEAL_EVENT = 'sg-reveal';
const onReveal = (event: Event) => void open(event.target as Element);

/**
 * Tabs under `root` (`src/content/tabs.ts`): each group shows the newest label chosen before (on any
 * page) for its key that it has; choosing a tab shows that label in every group of the page with the
 * same key (or, without a key, in every group without one), keeping the chosen group where it is on the
 * screen, and is remembered for the key. A link to an anchor inside a tab shows that tab. Returns the clean-up.
 */
export function setUpTabs(root: HTMLElement): () => void {
  for (const key of new Set([...root.querySelectorAll('.tabs')].map(keyOf))) for (const label of remembered(key).reverse()) show(root, key, label);
  const onChange = (event: Event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || !radio.classList.contains('tabs-radio')) return;
    const label = labelOf(radio);
    // Other groups above this one may change height: the chosen one stays put under the pointer.
    const group = radio.parentElement!;
    const key = keyOf(group);
    const before = group.getBoundingClientRect().top;
    show(document, key, label);
    const moved = group.getBoundingClientRect().top - before;
    if (moved !== 0) window.scrollBy(0, moved);
    try {
      localStorage.setItem(storageKey(key), JSON.stringify([label, ...remembered(key).filter((l) => l !== label)].slice(0, REMEMBERED)));
    } catch {
      // Storage blocked or full: the choice holds on this page only.
    }
  };
  root.addEventListener('change', onChange);
  revealTarget();
  window.addEventListener('hashchange', revealTarget);
  root.addEventListener(REVEAL_EVENT, onReveal);
  return () => {
    root.removeEventListener('change', onChange);
    window.removeEventListener('hashchange', revealTarget);
    root.removeEventListener(REVEAL_EVENT, onReveal);
  };
}
