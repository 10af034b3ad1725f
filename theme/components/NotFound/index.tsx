import { useTheme } from '../../context.js';
import { localizedPath } from '../../lib/paths.js';
import { Icon } from '../Icon/index.js';
import { MAIN_ID } from '../SkipLink/index.js';

/** The not-found page of a locale, with ways back into the site. */
export function NotFoundPage() {
  const { site, strings } = useTheme();
  return (
    <main id={MAIN_ID} tabIndex={-1} className="main page-content not-found">
      <div className="page-content-inner" lang={strings.lang}>
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 className="page-title">{strings.notFound.title}</h1>
        <p className="not-found-body">{strings.notFound.body}</p>
        <ul className="not-found-links">
          <li>
            <a className="button button-primary" href={site.homePath}>
              <Icon name="home" size={18} />
              {strings.notFound.home}
            </a>
          </li>
          <li>
            <a className="button button-secondary" href={site.searchPath}>
              <Icon name="search" size={18} />
              {strings.notFound.search}
            </a>
          </li>
          {/* The bundled site's user manual; a site of its own (no product, as sitegen init makes it) may have no such page. */}
          {site.product.latestVersion && (
            <li>
              <a className="button button-secondary" href={localizedPath(site, site.locale, '/docs/guides/summary')}>
                <Icon name="page" size={18} />
                {strings.notFound.docs}
              </a>
            </li>
          )}
        </ul>
      </div>
    </main>
  );
}
