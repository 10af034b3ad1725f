// Not through lib/storage.js: a module this lazy chunk shared with the client's would become a chunk of
// its own, one more request on every page.
/** Storage key of the tab labels chosen before, newest first. */
export const TABS_KEY = 'sg-tabs';
const REMEMBERED = 8;

/** The remembered labels; none when storage is blocked (private modes, sandboxed frames) or holds no list. */
function remembered(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(TABS_KEY) ?? '[]');
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

/** Shows the tab labelled `label` in every group under `root` that has one. */
function show(root: ParentNode, label: string): void {
  for (const group of root.querySelectorAll('.tabs')) {
    const radio = radiosOf(group).find((r) => labelOf(r) === label);
    if (radio) radio.checked = true;
  }
}

/** Shows the tab that holds the element the address's `#anchor` names, when it is in a tab not shown. */
function revealTarget(): void {
  let id = location.hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // An anchor that is not valid percent-encoding is looked for as written.
  }
  const target = id ? document.getElementById(id) : null;
  const panel = target?.closest('.tabs-panel');
  const group = panel?.parentElement;
  if (!panel || !group) return;
  const index = [...group.querySelectorAll(':scope > .tabs-panel')].indexOf(panel);
  const radio = radiosOf(group)[index];
  if (radio && !radio.checked) {
    radio.checked = true;
    target!.scrollIntoView?.();
  }
}

/**
 * Tabs under `root` (`src/content/tabs.ts`): each group shows the newest label chosen before (on any
 * page) that it has; choosing a tab shows that label in every group of the page, keeping the chosen
 * group where it is on the screen, and is remembered. A link to an anchor inside a tab shows that tab.
 * Returns the clean-up.
 */
export function setUpTabs(root: HTMLElement): () => void {
  for (const label of remembered().reverse()) show(root, label);
  const onChange = (event: Event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || !radio.classList.contains('tabs-radio')) return;
    const label = labelOf(radio);
    // Other groups above this one may change height: the chosen one stays put under the pointer.
    const group = radio.parentElement!;
    const before = group.getBoundingClientRect().top;
    show(document, label);
    const moved = group.getBoundingClientRect().top - before;
    if (moved !== 0) window.scrollBy(0, moved);
    try {
      localStorage.setItem(TABS_KEY, JSON.stringify([label, ...remembered().filter((l) => l !== label)].slice(0, REMEMBERED)));
    } catch {
      // Storage blocked or full: the choice holds on this page only.
    }
  };
  root.addEventListener('change', onChange);
  revealTarget();
  window.addEventListener('hashchange', revealTarget);
  return () => {
    root.removeEventListener('change', onChange);
    window.removeEventListener('hashchange', revealTarget);
  };
}
