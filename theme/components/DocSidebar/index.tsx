import { useContext } from 'react';
import type { SidebarItem } from 'sitegen/theme';
import { SharedBlocksContext, useTheme } from '../../context.js';
import { Collapsible } from '../Collapsible/index.js';
import { Icon } from '../Icon/index.js';
import { MenuItem } from '../MenuItem/index.js';
import { useColumnFollows } from '../../lib/scroll.js';

/** Whether the doc is linked among `items` or in their categories (a category's own doc included). */
export function containsDoc(items: SidebarItem[], docId: string): boolean {
  return items.some((item) => (item.type === 'link' ? item.docId === docId : item.docId === docId || containsDoc(item.items, docId)));
}

/**
 * The categories the visitor opened or closed in this tab, by category (`categoryKey`): a docs page mounts its sidebar
 * anew, and a category keeps its state from page to page, as Docusaurus's sidebar does. One that comes to hold the
 * current doc opens (`heldActive`: whether it held it when last opened or closed). Written only by a `<details>`'s toggle
 * event, which only a browser fires: the server's markup and the first render of a page load are the sidebar as its data has it.
 */
const openCategories = new Map<string, { open: boolean; heldActive: boolean }>();

/** A category by its label and first link: the same in the desktop column and the phone's menu, another in another version's sidebar. */
function categoryKey(item: Extract<SidebarItem, { type: 'category' }>): string {
  const first = (items: SidebarItem[]): string => {
    for (const entry of items) {
      const href = entry.type === 'link' ? entry.href : (entry.href ?? first(entry.items));
      if (href) return href;
    }
    return '';
  };
  return `${item.label}\u0000${item.href ?? first(item.items)}`;
}

/** One entry of a sidebar: a link (marked when it is the current doc) or a category and its links. */
export function SidebarEntry({ item, activeDocId, level }: { item: SidebarItem; activeDocId: string | null; level: number }) {
  if (item.type === 'link') return <MenuItem link={item} active={item.docId === activeDocId} className={item.className} />;
  const own = item.className ? ` ${item.className}` : '';
  const current = activeDocId !== null && item.docId === activeDocId;
  const holdsActive = activeDocId !== null && (current || containsDoc(item.items, activeDocId));
  const key = categoryKey(item);
  const kept = openCategories.get(key);
  const defaultOpen = kept && !(holdsActive && !kept.heldActive) ? kept.open : holdsActive || !item.collapsed;
  const remember = (open: boolean) => void openCategories.set(key, { open, heldActive: holdsActive });
  if (item.href) {
    // The category's own doc: its label is a link, and the caret beside it (the section's summary, not
    // around the link: a link inside a summary is two controls in one) opens and closes the section.
    return (
      <li className={`menu-item menu-category-linked${own}`}>
        <a className={`menu-link menu-category-link${holdsActive ? ' has-active' : ''}${current ? ' active' : ''}`} href={item.href} aria-current={current ? 'page' : undefined}>
          {item.label}
        </a>
        <Collapsible className="menu-category" summaryClassName="menu-category-toggle" summaryLabel={item.label} defaultOpen={defaultOpen} onOpenChange={remember} summary={<Icon name="chevron" size={16} className="menu-caret" />}>
          <SidebarMenu items={item.items} activeDocId={activeDocId} level={level + 1} />
        </Collapsible>
      </li>
    );
  }
  return (
    <li className={`menu-item${own}`}>
      <Collapsible
        className="menu-category"
        summaryClassName={`menu-link menu-category-label${holdsActive ? ' has-active' : ''}`}
        defaultOpen={defaultOpen}
        onOpenChange={remember}
        summary={
          <>
            <span>{item.label}</span>
            <Icon name="chevron" size={16} className="menu-caret" />
          </>
        }
      >
        <SidebarMenu items={item.items} activeDocId={activeDocId} level={level + 1} />
      </Collapsible>
    </li>
  );
}

/** The links and categories of one sidebar; the current doc is marked and its categories open. */
export function SidebarMenu({ items, activeDocId, level = 1 }: { items: SidebarItem[]; activeDocId: string | null; level?: number }) {
  return (
    <ul className={level === 1 ? 'menu' : 'menu menu-nested'}>
      {items.map((item, i) => (
        <SidebarEntry key={item.type === 'link' ? item.href : `${item.label}-${i}`} item={item} activeDocId={activeDocId} level={level} />
      ))}
    </ul>
  );
}

/** Sidebar names a shared block can be named after (a marker's name is letters, digits, `_` and `-`). */
const SHAREABLE_NAME = /^[\w-]+$/;

/** The shared block of the sidebar `name` (server.tsx renders it once per locale), or null if it cannot have one. */
export function docSidebarBlock(name: string | null): string | null {
  return name !== null && SHAREABLE_NAME.test(name) ? `doc-sidebar-${name}` : null;
}

/**
 * The menu of the current doc's sidebar, in a `<div>` of its own. While the generator renders pages
 * with shared blocks it is the block's marker: the generator fills in the same markup, rendered once
 * per sidebar and locale (the desktop column and the mobile panel each show it on every docs page).
 */
export function SidebarLinks({ name, items, activeDocId }: { name: string | null; items: SidebarItem[]; activeDocId: string }) {
  const shared = useContext(SharedBlocksContext);
  const block = shared ? docSidebarBlock(name) : null;
  if (block) return <div className="sidebar-links" dangerouslySetInnerHTML={{ __html: shared!(block) }} />;
  return (
    <div className="sidebar-links">
      <SidebarMenu items={items} activeDocId={activeDocId} />
    </div>
  );
}

/** The docs sidebar column (desktop): sticky under the navbar, scrolling on its own. */
export function DocSidebar({ name, items, activeDocId }: { name: string | null; items: SidebarItem[]; activeDocId: string }) {
  const { strings } = useTheme();
  // The current page's link in the sidebar's own view.
  const navRef = useColumnFollows('.menu-link.active', activeDocId);
  return (
    <div className="doc-sidebar">
      <nav className="doc-sidebar-nav" aria-label={strings.docs.sidebar} ref={navRef}>
        <SidebarLinks name={name} items={items} activeDocId={activeDocId} />
      </nav>
    </div>
  );
}
