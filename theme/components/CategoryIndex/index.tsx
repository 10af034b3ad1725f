// A category's generated index. Its chunk is loaded on category pages only; the docs page's parts it shows come
// as arguments (`DocParts`), not imports: esbuild groups modules into chunks by the entries that reach them, and
// a lazy chunk importing some of the docs page's modules split the docs page's chunks in two, adding 0.7 KB and
// two requests to every docs page. What it imports (React, context, Icon, format, SkipLink) each chunk reaches alike.
import type { ComponentType } from 'react';
import type { IndexCard, RouteData } from 'sitegen/theme';
import { phrased, useTheme } from '../../context.js';
import { plural } from '../../lib/format.js';
import type { Breadcrumbs } from '../Breadcrumbs/index.js';
import type { Versioned } from '../DocPage/index.js';
import type { DocSidebar } from '../DocSidebar/index.js';
import { Icon } from '../Icon/index.js';
import type { Paginator } from '../Paginator/index.js';
import { MAIN_ID } from '../SkipLink/index.js';

type IndexData = Extract<RouteData, { kind: 'generatedIndex' }>;

/** One item of the category: its title and its description (a category: how many items it holds). */
function Card({ card }: { card: IndexCard }) {
  const { strings } = useTheme();
  const text = card.description || (card.count === undefined ? '' : plural(strings.docs.categoryItems, card.count));
  // A category's count is the theme's text, in the theme's language; a description is the site's.
  return (
    <li className="index-card">
      <a className="index-card-link" href={card.href} {...(card.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        <h2 className="index-card-title">
          <Icon name={card.count === undefined ? (card.external ? 'external' : 'page') : 'menu'} size={18} />
          {card.label}
        </h2>
        {text && <p className="index-card-text" lang={card.description ? undefined : strings.lang}>{text}</p>}
      </a>
    </li>
  );
}

/** The docs page's parts a category page shows too. */
export interface DocParts {
  DocSidebar: typeof DocSidebar;
  Breadcrumbs: typeof Breadcrumbs;
  Paginator: typeof Paginator;
  /** A versioned page's banner and badge (drawn by the version parts, loaded on a site with versions only). */
  Versioned: typeof Versioned;
}

/** A category's page of its own (Docusaurus's generated index): sidebar, breadcrumbs, title, description, its items as cards, previous / next; a version's banner and badge as on its docs. */
export function categoryIndexPage({ DocSidebar, Breadcrumbs, Paginator, Versioned }: DocParts): ComponentType {
  return function CategoryIndexPage() {
    const { route, strings } = useTheme();
    const data = route.data as IndexData;
    return (
      <div className="page-columns doc-page">
        {data.sidebarItems && <DocSidebar name={data.sidebar} items={data.sidebarItems} activeDocId={data.docId} />}
        <main id={MAIN_ID} tabIndex={-1} className="main page-content">
          <div className="page-content-inner">
            <article>
              {data.version && <Versioned version={data.version} part="VersionBanner" />}
              <Breadcrumbs items={data.breadcrumbs} />
              {data.version && <Versioned version={data.version} part="VersionBadge" />}
              <h1 className="page-title">{phrased(route.title)}</h1>
              {data.description && <p className="index-description">{data.description}</p>}
              <ul className="index-cards">
                {data.cards.map((card) => (
                  <Card key={card.href} card={card} />
                ))}
              </ul>
            </article>
            <Paginator label={strings.docs.pagination} prev={data.prev} next={data.next} prevLabel={strings.docs.prev} nextLabel={strings.docs.next} />
          </div>
        </main>
      </div>
    );
  };
}
