import { useEffect, useRef, useState } from 'react';
import type { ClientRoute, RouteData, SiteData, VersionChoice } from 'sitegen/theme';
import { useTheme } from '../../context.js';
import { format } from '../../lib/format.js';
import type { openStorage } from '../../lib/storage.js';
import type { useDismiss } from '../LocaleSwitch/index.js';

type DocVersion = NonNullable<Extract<RouteData, { kind: 'doc' }>['version']>;

/**
 * What the parts take from the page's main bundle instead of importing it: a module both the main bundle and this
 * chunk import is split by esbuild into a chunk of its own, one more request on every page of every site.
 */
export interface VersionDeps {
  openStorage: typeof openStorage;
  useDismiss: typeof useDismiss;
}

let deps: VersionDeps;

/** Hands the parts what they take from the main bundle (slot.ts, before they are used). */
export function bindVersionParts(given: VersionDeps): void {
  deps = given;
}

/** Where the reader's docs version is kept (spec §4: docs version persistence uses local storage). */
export const VERSION_KEY = 'sg-docs-version';

/** A page's own version: a doc's, a category's generated index's or a docs tag page's; none for a page of no version (the blog). */
function pageVersion(route: ClientRoute): DocVersion | undefined {
  return 'version' in route.data ? route.data.version : undefined;
}

/** The versions a page offers: on a doc (or category), the same page in each version (else that version's first doc); elsewhere each version's first doc. */
export function versionChoices(site: SiteData, route: ClientRoute): VersionChoice[] {
  return pageVersion(route)?.choices ?? site.docsVersions ?? [];
}

/** The version the reader chose last, read after hydration: the server knows no reader's choice, and the first render must match its HTML. */
export function useRememberedVersion(): string | null {
  const { route } = useTheme();
  const [remembered, setRemembered] = useState<string | null>(null);
  useEffect(() => setRemembered(deps.openStorage().get(VERSION_KEY)), [route.path]);
  return remembered;
}

/**
 * Where a navbar link leads: one to the last version's first doc (the navbar's "Docs") leads to the first doc of the
 * version the reader chose, as Docusaurus's navbar docs items lead to the preferred version. Others as written.
 */
export function useVersionedNavHref(): (href: string) => string {
  const { site } = useTheme();
  const remembered = useRememberedVersion();
  const versions = site.docsVersions;
  const last = versions?.find((v) => v.last);
  const chosen = remembered && remembered !== last?.name ? versions?.find((v) => v.name === remembered) : undefined;
  return (href) => (chosen && href === last?.href ? chosen.href : href);
}

/** The version a page is of: its own on a doc or category, else the one the reader chose last, else the version at /docs/. */
function useActiveVersion(choices: VersionChoice[]): VersionChoice | undefined {
  const { route } = useTheme();
  const own = pageVersion(route)?.name;
  const remembered = useRememberedVersion();
  const name = own ?? remembered;
  return choices.find((c) => c.name === name) ?? choices.find((c) => c.last) ?? choices[0];
}

/** Remembers the reader's choice of version, for the pages that are of none (blog, home) and the next visit. */
export function rememberVersion(name: string): void {
  deps.openStorage().set(VERSION_KEY, name);
}

/**
 * The docs version menu (Docusaurus's docsVersionDropdown), on every page of a site with versions: a `<details>` of
 * plain links, so it works without JavaScript; a choice keeps the doc read when the version has it, and is remembered.
 */
export function VersionDropdown() {
  const { site, route, strings } = useTheme();
  const ref = useRef<HTMLDetailsElement>(null);
  deps.useDismiss(ref);
  const choices = versionChoices(site, route);
  const active = useActiveVersion(choices);
  if (choices.length === 0 || !active) return null;
  return (
    <details className="dropdown version-dropdown" ref={ref}>
      <summary className="navbar-icon-button dropdown-toggle" aria-label={`${strings.versions.menu}: ${active.label}`}>
        <span className="version-dropdown-label">{active.label}</span>
      </summary>
      <VersionLinks choices={choices} active={active} className="dropdown-menu" linkClass="dropdown-link" />
    </details>
  );
}

/** The versions as a list of links (the menu's, and the mobile panel's). */
export function VersionLinks({ choices, active, className, linkClass }: { choices: VersionChoice[]; active?: VersionChoice; className: string; linkClass: string }) {
  return (
    <ul className={className}>
      {choices.map((choice) => {
        const current = choice.name === active?.name;
        return (
          <li key={choice.name}>
            <a className={current ? `${linkClass} active` : linkClass} href={choice.href} aria-current={current ? 'true' : undefined} onClick={(event) => choose(event.currentTarget, choice.name)}>
              {choice.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** A choice made: remembered, and the menu closed (the navbar stays as it is across the client-side navigation that follows). */
function choose(link: HTMLAnchorElement, name: string): void {
  rememberVersion(name);
  const menu = link.closest<HTMLDetailsElement>('details.version-dropdown');
  if (menu) menu.open = false;
}

/** The mobile panel's list of versions, under its heading. */
export function MobileVersions() {
  const { site, route, strings } = useTheme();
  const choices = versionChoices(site, route);
  const active = useActiveVersion(choices);
  if (choices.length === 0) return null;
  return (
    <nav className="navbar-sidebar-section" aria-label={strings.versions.menu}>
      <p className="menu-heading">{strings.versions.menu}</p>
      <VersionLinks choices={choices} active={active} className="menu" linkClass="menu-link" />
    </nav>
  );
}

/**
 * On a version's page that is not the last version's: unreleased (Next) or unmaintained, with a link to the same doc
 * in the last version (its first doc when it lacks this one), as Docusaurus's DocVersionBanner says it.
 */
export function VersionBanner({ version }: { version: DocVersion }) {
  const { strings } = useTheme();
  const banner = version.banner;
  if (!banner) return null;
  const [before = '', after = ''] = strings.versions.latest.split('{link}');
  return (
    <div className="notice version-banner" role="note">
      <div>
        <p>
          <strong>{format(strings.versions[banner.kind], { version: version.label })}</strong>
        </p>
        <p>
          {before}
          <a href={banner.latestHref} onClick={() => rememberVersion(version.choices.find((c) => c.last)?.name ?? '')}>
            {format(strings.versions.latestLink, { version: banner.latestLabel })}
          </a>
          {after}
        </p>
      </div>
    </div>
  );
}

/** The version a doc is of, named under its breadcrumbs on a site with more than one. */
export function VersionBadge({ version }: { version: DocVersion }) {
  const { strings } = useTheme();
  return version.badge ? <span className="version-badge">{format(strings.versions.badge, { version: version.label })}</span> : null;
}
