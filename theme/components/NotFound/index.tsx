import { useEffect, useState } from 'react';
import { useTheme } from '../../context.js';
import { localizedPath } from '../../lib/paths.js';
import { Icon } from '../Icon/index.js';
import { MAIN_ID } from '../SkipLink/index.js';

/**
 * The words of the address a reader asked for, to search the site with: its last part that is no number (a post's date)
 * nor an index, its dashes and dots as spaces (`/en/docs/faqs/deepl-limt` → `deepl limt`, which finds the DeepL limits
 * FAQ). The folders before it name sections more often than the subject, and searched with it they find less.
 */
export function wordsOfAddress(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: the address as written.
  }
  const parts = path.split('/').map((part) => part.replace(/\.(html?|mdx?)$/i, '')).filter((part) => part && part !== 'index' && !/^\d+$/.test(part));
  return (parts.at(-1) ?? '').replace(/[-_.+~]+/g, ' ').trim().slice(0, 100);
}

/** The not-found page of a locale, with ways back into the site: its search, with the words of the address asked for. */
export function NotFoundPage() {
  const { site, strings, href } = useTheme();
  // Read in the browser (the server draws one page for every address), after hydration, and again after a client-side navigation.
  const [words, setWords] = useState('');
  useEffect(() => setWords(wordsOfAddress(location.pathname)), [href]);
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
            <a className="button button-secondary" href={words ? `${site.searchPath}?q=${encodeURIComponent(words)}` : site.searchPath}>
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
