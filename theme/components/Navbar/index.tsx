import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { useClientLayoutEffect, useTheme } from '../../context.js';
import { format } from '../../lib/format.js';
import { inertOutside } from '../../lib/inert.js';
import { localePrefix } from '../../lib/paths.js';
import { BlogPostLinks, postListLabel } from '../BlogSidebar/index.js';
import { ColorModeToggle } from '../ColorModeToggle/index.js';
import { SidebarLinks } from '../DocSidebar/index.js';
import { Icon } from '../Icon/index.js';
import { LocaleSwitch } from '../LocaleSwitch/index.js';
import { SearchBar } from '../SearchBar/index.js';
import { versionParts } from '../VersionDropdown/slot.js';
import { navCurrent } from './navActive.js';

/** Above 996 px at the default text size; in em, so a larger text size gets the phone layout sooner, as the style sheets do. */
const DESKTOP_QUERY = '(min-width: 62.3125em)';
/** Page kinds whose mobile panel lists every post (the blog sidebar of the desktop layout). */
const BLOG_KINDS = new Set<string>(['post', 'blogList', 'tags', 'authors', 'archive']);

/** The product mark: two overlapping cards, the source and its translation; another site's favicon. */
export function Logo() {
  const { site } = useTheme();
  if (site.logo) return <img className="logo" src={site.logo} width="28" height="28" alt="" />;
  return (
    <svg className="logo" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
      <rect x="2" y="4" width="16" height="16" rx="4" fill="var(--c-primary)" />
      <rect x="10" y="8" width="16" height="16" rx="4" fill="var(--c-primary)" opacity="0.45" />
      <path d="M6 9h8M10 9v7M7.5 13.5 10 16l2.5-2.5" stroke="var(--c-on-primary)" strokeWidth="1.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const sameHref = (href: string) => href;

/** The version menu (or the mobile panel's list of versions), on a site with docs versions. */
function VersionPart({ name }: { name: 'VersionDropdown' | 'MobileVersions' }) {
  const Part = versionParts()?.[name];
  return Part ? <Part /> : null;
}

function NavItems({ onMobile }: { onMobile?: boolean }) {
  const { site, route } = useTheme();
  const prefix = localePrefix(site, site.locale);
  // The parts are there or not for the whole life of the page (loaded before hydration), so the hook is always called or never.
  const versioned = versionParts()?.useVersionedNavHref() ?? sameHref;
  return (
    <ul className={onMobile ? 'menu' : 'navbar-link-list'}>
      {site.navbar.map((item) => {
        const current = item.external ? undefined : navCurrent(item.href, route.path, prefix);
        return (
          <li key={item.href}>
            <a
              className={`${onMobile ? 'menu-link' : 'navbar-link'}${current ? ' active' : ''}`}
              href={item.external ? item.href : versioned(item.href)}
              aria-current={current}
              {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {item.label}
              {item.external && <Icon name="external" size={14} className="external-icon" />}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The mobile navigation panel: a `<details>` so it opens without JavaScript (its summary's
 * backdrop closes it again). Forced closed above 996 px (the focus it held going to the same link on
 * the page, else the page's top: theme/lib/layoutFocus.ts); closed on navigation and on Escape. While
 * it is open the page behind is inert and the focus is in it (on its × button, when the toggle it
 * covers had it); closed with Escape or its × button, focus returns to the toggle.
 */
function MobileMenu() {
  const { site, strings, route, href } = useTheme();
  const ref = useRef<HTMLDetailsElement>(null);
  // The address it was opened at: open there only, so a navigation closes it in the render that
  // shows the next page, before the client moves focus to that page's top.
  const [openAt, setOpenAt] = useState<string | null>(null);
  // Left, that address is forgotten: one rewritten back to it in place (an anchor the page lacks dropped) opens nothing.
  if (openAt !== null && openAt !== href) setOpenAt(null);
  const open = openAt === href;
  useEffect(() => {
    const media = window.matchMedia(DESKTOP_QUERY);
    const hide = () => {
      setOpenAt(null);
      // The <details> may have been opened natively with its state update still pending: close the element too.
      if (ref.current) ref.current.open = false;
    };
    // A tablet turned with the panel open: closed at once, the page behind no longer inert, before the focus the
    // panel held moves onto the page (theme/lib/layoutFocus.ts, a frame on).
    const onChange = () => {
      if (media.matches) flushSync(hide);
    };
    if (media.matches) hide();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  const close = () => {
    setOpenAt(null);
    // Opened natively a moment ago, its toggle event not yet handled: the element closes too.
    if (ref.current) ref.current.open = false;
    // The toggle is in the sticky navbar, always in view: a scroll to it would lose the place read.
    ref.current?.querySelector('summary')?.focus({ preventScroll: true });
  };
  // A link of the panel followed here closes it, as a navigation does: one to the page shown (the address the same)
  // would otherwise leave it open over the page. Its focus goes to the toggle, as Escape's does (it had stayed on the
  // hidden link, so on nothing, when no new page took it). A link opened in another tab leaves it as it is.
  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a[href]');
    if (!link || (link as HTMLAnchorElement).target === '_blank' || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    close();
  };
  // Before paint, and undone before the effects of a new page run (which focus its top).
  useClientLayoutEffect(() => {
    document.documentElement.classList.toggle('sg-menu-open', open);
    if (!open || !ref.current) return;
    const restore = inertOutside(ref.current);
    // The toggle, focused by the Enter or the tap that opened the panel, is under it now: its focus would be nowhere to be seen.
    const active = document.activeElement;
    if (active === document.body || active === ref.current.querySelector('summary')) ref.current.querySelector<HTMLElement>('.navbar-sidebar-head button')?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      restore();
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  // A category's generated index shows its sidebar as a doc does: on a phone, this menu is where it is.
  const docs = route.data.kind === 'doc' || route.data.kind === 'generatedIndex' ? route.data : null;
  const blog = BLOG_KINDS.has(route.data.kind) && site.blogSidebar.length > 0;
  return (
    <details
      className="navbar-mobile"
      ref={ref}
      open={open}
      onToggle={(event) => setOpenAt(event.currentTarget.open ? href : null)}
      // Escape from inside it, as soon as it shows: the document's listener below comes only once its toggle is handled.
      onKeyDown={(event) => event.key === 'Escape' && event.currentTarget.open && close()}
    >
      {/* Open, it is the backdrop: under the panel, out of the Tab order (a click on it still closes). */}
      <summary className="navbar-icon-button navbar-toggle" aria-label={open ? strings.navbar.closeMenu : strings.navbar.openMenu} tabIndex={open ? -1 : undefined}>
        <Icon name="menu" />
      </summary>
      <div className="navbar-sidebar" role="dialog" aria-label={strings.navbar.menu} aria-modal={open || undefined} onClick={onPanelClick}>
        <div className="navbar-sidebar-head">
          <a className="navbar-brand" href={site.homePath}>
            <Logo />
            <span className="navbar-title">{site.title}</span>
          </a>
          <button type="button" className="navbar-icon-button js-only" aria-label={strings.navbar.closeMenu} onClick={close}>
            <Icon name="close" />
          </button>
        </div>
        <nav className="navbar-sidebar-section" aria-label={strings.navbar.main}>
          <NavItems onMobile />
        </nav>
        <VersionPart name="MobileVersions" />
        {docs?.sidebarItems && (
          <nav className="navbar-sidebar-section" aria-label={strings.navbar.docsMenu}>
            <p className="menu-heading" lang={strings.lang}>{strings.navbar.docsMenu}</p>
            {/* Mounted anew for each doc, as the desktop column is with its page: the panel stays from page to page, and
                its categories would keep the state they had, the one that comes to hold this doc left closed. */}
            <SidebarLinks key={docs.docId} name={docs.sidebar} items={docs.sidebarItems} activeDocId={docs.docId} />
          </nav>
        )}
        {blog && (
          <nav className="navbar-sidebar-section navbar-blog-posts" aria-label={postListLabel(site, strings)}>
            <p className="menu-heading" lang={strings.lang}>{postListLabel(site, strings)}</p>
            <BlogPostLinks />
          </nav>
        )}
      </div>
    </details>
  );
}

/** The sticky top bar (brand, search, language, colour mode) and, on desktop, the row of section links. */
export function Navbar() {
  const { site, strings } = useTheme();
  const github = site.product.github;
  // `search.searchBarPosition`: beside the brand, or first of the controls at the end (the default).
  const searchLeft = site.search.searchBarPosition === 'left';
  return (
    <>
      <header className="navbar">
        <div className="navbar-inner">
          <MobileMenu />
          <a className="navbar-brand" href={site.homePath} aria-label={format(strings.navbar.home, { title: site.title })}>
            <Logo />
            <span className="navbar-title">{site.title}</span>
          </a>
          {searchLeft && (
            <div className="navbar-search-left">
              <SearchBar />
            </div>
          )}
          <div className="navbar-end">
            {!searchLeft && <SearchBar />}
            <VersionPart name="VersionDropdown" />
            <LocaleSwitch />
            <ColorModeToggle />
            {github && (
              <a className="navbar-icon-button navbar-github" href={github} target="_blank" rel="noopener noreferrer" aria-label="GitHub">
                <Icon name="github" />
              </a>
            )}
          </div>
        </div>
      </header>
      <nav className="navbar-links" aria-label={strings.navbar.main}>
        <NavItems />
      </nav>
    </>
  );
}
