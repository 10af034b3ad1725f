import type { RouteData } from 'sitegen/theme';
import { phrased, useContentLang, useLangDir, useTheme } from '../../context.js';
import { format, formatDate, untranslatedLanguages } from '../../lib/format.js';
import type { Strings } from '../../i18n/types.js';
import { Breadcrumbs } from '../Breadcrumbs/index.js';
import { DocSidebar } from '../DocSidebar/index.js';
import { DocTagList } from '../DocTags/TagList.js';
import { HtmlBlock } from '../HtmlBlock/index.js';
import { Icon } from '../Icon/index.js';
import { Paginator } from '../Paginator/index.js';
import { MAIN_ID } from '../SkipLink/index.js';
import { TOC, TOCCollapsible, useActiveHeading } from '../TOC/index.js';
import { versionParts } from '../VersionDropdown/slot.js';

type DocData = Extract<RouteData, { kind: 'doc' }>;

/** A versioned doc's banner (above its breadcrumbs) or badge (below), drawn by the version parts, which a site with versions loads. */
export function Versioned({ version, part }: { version: NonNullable<DocData['version']>; part: 'VersionBanner' | 'VersionBadge' }) {
  const Part = versionParts()?.[part];
  return Part ? <Part version={version} /> : null;
}

/** A note at a page's top about the page itself: "Draft. …", "Unlisted page. …" (「草稿：…」). */
function PageNote({ kind, title, text }: { kind: string; title: string; text: string }) {
  const { strings } = useTheme();
  return (
    <div className={`notice ${kind}-notice`} role="note">
      <p>
        <strong>{noteTitle(title, strings)}</strong>
        {text}
      </p>
    </div>
  );
}

/** A note's title with what ends it in the locale's writing: "Draft. ", 「草稿：」 (texts ejected before it had the key end it as English does). */
function noteTitle(title: string, strings: Strings): string {
  return title + (strings.docs.noteTitleEnd ?? '. ');
}

/** Shown on a draft's page, which only the dev server builds: the author sees it will not be published as it is. */
export function DraftNotice() {
  const { strings } = useTheme();
  return <PageNote kind="draft" title={strings.docs.draftTitle} text={strings.docs.draft} />;
}

/**
 * Shown on an unlisted page (`unlisted: true`), which only its address leads to: a reader who was given it knows it
 * is not yet, or not meant to be, found. Not shown by a theme whose texts (ejected before it) have none for it.
 */
export function UnlistedNotice() {
  const { strings } = useTheme();
  return strings.docs.unlisted ? <PageNote kind="unlisted" title={strings.docs.unlistedTitle} text={strings.docs.unlisted} /> : null;
}

/** Shown on a page this locale has no translation of: the default locale's text follows. */
export function UntranslatedNotice() {
  const { site, strings } = useTheme();
  return (
    <div className="notice untranslated-notice" role="note">
      <Icon name="language" />
      <p lang={strings.lang}>
        <strong>{noteTitle(strings.docs.untranslatedTitle, strings)}</strong>
        {format(strings.docs.untranslated, untranslatedLanguages(site, strings))}
      </p>
    </div>
  );
}

/** "Last updated on {date}", or with the author the front matter names, "… by {author}", in the locale's order. */
function LastUpdated({ iso, author }: { iso: string; author?: string }) {
  const { strings } = useTheme();
  // The author put in the text around the date (one text node each side: the same markup on the server and the client).
  const [before = '', after = ''] = (author ? strings.docs.lastUpdatedBy : strings.docs.lastUpdated).split('{date}').map((text) => format(text, { author: author ?? '' }));
  return (
    <span className="doc-updated">
      {before}
      <time dateTime={iso}>{formatDate(iso, strings)}</time>
      {after}
    </span>
  );
}

function DocFooter({ data }: { data: DocData }) {
  const { strings } = useTheme();
  if (!data.editUrl && !data.lastUpdated) return null;
  return (
    <footer className="doc-footer" lang={strings.lang}>
      {data.editUrl && (
        <a className="doc-edit" href={data.editUrl} target="_blank" rel="noopener noreferrer">
          <Icon name="edit" size={16} />
          {strings.docs.edit}
        </a>
      )}
      {data.lastUpdated && <LastUpdated iso={data.lastUpdated} author={data.lastUpdatedBy} />}
    </footer>
  );
}

/**
 * The page's title, its <h1>; with front matter `hide_title` kept for screen readers and search engines
 * but not shown, or left out when the body's own `#` heading is the title.
 */
function PageTitle({ hide, lang }: { hide?: 'visually' | 'body'; lang?: string }) {
  const { route } = useTheme();
  const dir = useLangDir(lang);
  if (hide === 'body') return null;
  return (
    <h1 className={hide ? 'page-title sr-only' : 'page-title'} lang={lang} dir={dir}>
      {phrased(route.title)}
    </h1>
  );
}

/** A docs page: sidebar, breadcrumbs, title, content, footer, previous / next, table of contents. */
export function DocPage() {
  const { site, route, strings } = useTheme();
  const data = route.data as DocData;
  const sidebar = data.sidebarItems;
  const toc = data.hideToc ? [] : data.toc;
  const active = useActiveHeading(toc);
  const lang = useContentLang(data.untranslated);
  return (
    <div className="page-columns doc-page">
      {sidebar && <DocSidebar name={data.sidebar} items={sidebar} activeDocId={data.docId} />}
      <main id={MAIN_ID} tabIndex={-1} className="main page-content">
        <div className="page-content-inner">
          <article>
            {data.version && <Versioned version={data.version} part="VersionBanner" />}
            <Breadcrumbs items={data.breadcrumbs} />
            {data.version && <Versioned version={data.version} part="VersionBadge" />}
            {route.draft && <DraftNotice />}
            {route.unlisted && <UnlistedNotice />}
            {data.untranslated && <UntranslatedNotice />}
            <PageTitle hide={data.hideTitle} lang={lang} />
            <TOCCollapsible headings={toc} active={active} lang={lang} />
            <HtmlBlock htmlKey="content" enhance lang={lang} />
            {data.tags && <DocTagList tags={data.tags} />}
            <DocFooter data={data} />
          </article>
          <Paginator label={strings.docs.pagination} prev={data.prev} next={data.next} prevLabel={strings.docs.prev} nextLabel={strings.docs.next} />
        </div>
      </main>
      <TOC headings={toc} active={active} lang={lang} />
    </div>
  );
}

/** A free page ('page' kind): title, content and its table of contents. */
export function FreePage() {
  const { route } = useTheme();
  const data = route.data as Extract<RouteData, { kind: 'page' }>;
  const toc = data.hideToc ? [] : data.toc;
  const active = useActiveHeading(toc);
  const lang = useContentLang(data.untranslated);
  return (
    <div className="page-columns">
      <main id={MAIN_ID} tabIndex={-1} className="main page-content">
        <div className="page-content-inner">
          <article>
            {route.draft && <DraftNotice />}
            {route.unlisted && <UnlistedNotice />}
            {data.untranslated && <UntranslatedNotice />}
            <PageTitle hide={data.hideTitle} lang={lang} />
            <TOCCollapsible headings={toc} active={active} lang={lang} />
            <HtmlBlock htmlKey="content" enhance lang={lang} />
          </article>
        </div>
      </main>
      <TOC headings={toc} active={active} lang={lang} />
    </div>
  );
}
