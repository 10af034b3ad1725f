import { useEffect, useRef } from 'react';
import type { SidebarItem } from '../../../src/types.js';
import { useTheme } from '../../context.js';
import { Collapsible } from '../Collapsible/index.js';
import { Icon } from '../Icon/index.js';

function containsDoc(items: SidebarItem[], docId: string): boolean {
  return items.some((item) => (item.type === 'link' ? item.docId === docId : containsDoc(item.items, docId)));
}

/** The links and categories of one sidebar; the current doc is marked and its categories open. */
export function SidebarMenu({ items, activeDocId, level = 1 }: { items: SidebarItem[]; activeDocId: string; level?: number }) {
  return (
    <ul className={level === 1 ? 'menu' : 'menu menu-nested'}>
      {items.map((item, i) => {
        if (item.type === 'link') {
          const active = item.docId === activeDocId;
          return (
            <li key={item.href} className="menu-item">
              <a className={active ? 'menu-link active' : 'menu-link'} href={item.href} aria-current={active ? 'page' : undefined}>
                {item.label}
              </a>
            </li>
          );
        }
        const holdsActive = containsDoc(item.items, activeDocId);
        return (
          <li key={`${item.label}-${i}`} className="menu-item">
            <Collapsible
              className="menu-category"
              summaryClassName={holdsActive ? 'menu-link menu-category-label has-active' : 'menu-link menu-category-label'}
              defaultOpen={holdsActive || !item.collapsed}
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
      })}
    </ul>
  );
}

/** The docs sidebar column (desktop): sticky under the navbar, scrolling on its own. */
export function DocSidebar({ items, activeDocId }: { items: SidebarItem[]; activeDocId: string }) {
  const { strings } = useTheme();
  const navRef = useRef<HTMLElement>(null);
  // Bring the current page's link into the sidebar's own view (without scrolling the window).
  useEffect(() => {
    const nav = navRef.current;
    const link = nav?.querySelector<HTMLElement>('.menu-link.active');
    if (!nav || !link) return;
    const top = link.getBoundingClientRect().top - nav.getBoundingClientRect().top;
    if (top < 0 || top > nav.clientHeight - 48) nav.scrollTop += top - nav.clientHeight / 3;
  }, [activeDocId]);
  return (
    <div className="doc-sidebar">
      <nav className="doc-sidebar-nav" aria-label={strings.docs.sidebar} ref={navRef}>
        <SidebarMenu items={items} activeDocId={activeDocId} />
      </nav>
    </div>
  );
}
