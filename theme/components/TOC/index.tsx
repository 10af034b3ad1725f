import { useEffect, useState } from 'react';
import type { Heading } from 'sitegen/theme';
import { useLangDir, useTheme } from '../../context.js';
import { Collapsible } from '../Collapsible/index.js';
import { Icon } from '../Icon/index.js';
import { useColumnFollows } from '../../lib/scroll.js';

interface TocNode {
  heading: Heading;
  children: TocNode[];
}

/** Nests a flat heading list by depth (h3 under the h2 before it). */
export function nestHeadings(headings: Heading[]): TocNode[] {
  const root: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const heading of headings) {
    const node = { heading, children: [] };
    while (stack.length && stack[stack.length - 1].heading.depth >= heading.depth) stack.pop();
    (stack.length ? stack[stack.length - 1].children : root).push(node);
    stack.push(node);
  }
  return root;
}

/**
 * The id of the heading being read: the last shown one whose top has passed a line a little below the
 * navbar (or the last shown one when the page is scrolled to the bottom).
 */
export function useActiveHeading(headings: Heading[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (headings.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = (parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--navbar-h')) || 3.5) * 16 + 24;
      const atBottom = window.scrollY > 0 && window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      let current: string | null = null;
      let first: string | null = null;
      for (const heading of headings) {
        const el = document.getElementById(heading.id);
        // A heading in a tab not shown has no place on the page (its link opens the tab).
        if (!el?.offsetParent) continue;
        first ??= heading.id;
        if (atBottom || el.getBoundingClientRect().top <= line) current = heading.id;
        else break;
      }
      setActive(current ?? first ?? headings[0].id);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    // A tab chosen shows some headings and hides others, often without a scroll.
    window.addEventListener('change', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      window.removeEventListener('change', onScroll);
    };
  }, [headings]);
  return active;
}

function TocList({ nodes, active, lang }: { nodes: TocNode[]; active: string | null; lang?: string }) {
  const dir = useLangDir(lang);
  return (
    <ul className="toc-list" lang={lang} dir={dir}>
      {nodes.map(({ heading, children }) => (
        <li key={heading.id}>
          <a className={heading.id === active ? 'toc-link active' : 'toc-link'} href={`#${encodeURIComponent(heading.id)}`} aria-current={heading.id === active ? 'location' : undefined}>
            {heading.html ? <span dangerouslySetInnerHTML={{ __html: heading.html }} /> : heading.text}
          </a>
          {children.length > 0 && <TocList nodes={children} active={active} />}
        </li>
      ))}
    </ul>
  );
}

/** The table of contents column (wide screens), with the heading being read highlighted. */
export function TOC({ headings, active, lang }: { headings: Heading[]; active: string | null; lang?: string }) {
  const { strings } = useTheme();
  // A long table of contents follows the heading being read, in its own column.
  const navRef = useColumnFollows('.toc-link.active', active);
  if (headings.length === 0) return null;
  return (
    <aside className="toc">
      <nav className="toc-inner" aria-label={strings.docs.toc} ref={navRef}>
        <p className="toc-title" lang={strings.lang}>{strings.docs.toc}</p>
        <TocList nodes={nestHeadings(headings)} active={active} lang={lang} />
      </nav>
    </aside>
  );
}

/** The table of contents folded above the content (narrower screens). */
export function TOCCollapsible({ headings, active, lang }: { headings: Heading[]; active: string | null; lang?: string }) {
  const { strings } = useTheme();
  if (headings.length === 0) return null;
  return (
    <Collapsible
      className="toc-collapsible"
      summaryClassName="toc-collapsible-summary"
      defaultOpen={false}
      summary={
        <>
          <Icon name="chevron" size={16} className="toc-caret" />
          <span lang={strings.lang}>{strings.docs.toc}</span>
        </>
      }
    >
      <TocList nodes={nestHeadings(headings)} active={active} lang={lang} />
    </Collapsible>
  );
}
