import { useEffect, useRef, useState } from 'react';
import type { SiteData } from 'sitegen/theme';
import type { PageText, SearchEngine } from '../../lib/search.js';

interface Texts {
  /** The index the page ids belong to. */
  indexUrl: string;
  byPage: Map<number, PageText>;
}

const NONE = new Map<number, PageText>();

/**
 * The texts of pages `pageIds` of this locale's index, fetched as they are asked for (each once per
 * page: the engine's fetcher shares requests and caches them) and kept as they arrive, so a result's
 * excerpt appears with its page's text. A page missing from the map is loading or failed: its results
 * show no excerpt, and a later change of `pageIds` asks again.
 */
export function usePageTexts(site: SiteData, engine: SearchEngine | null, pageIds: number[]): Map<number, PageText> {
  const indexUrl = site.search.indexUrl;
  const [texts, setTexts] = useState<Texts>({ indexUrl, byPage: new Map() });
  const current = useRef(indexUrl);
  current.current = indexUrl;
  const byPage = texts.indexUrl === indexUrl ? texts.byPage : NONE;
  const wanted = [...new Set(pageIds)].filter((id) => !byPage.has(id));
  const key = wanted.join(',');
  useEffect(() => {
    if (!engine) return;
    for (const id of wanted) {
      engine.fetchPageText(indexUrl, id, { pageOrigin: location.href }).then(
        (text) => {
          // A text of another locale's index (the site changed meanwhile) is not this one's.
          if (current.current !== indexUrl) return;
          setTexts((t) => (t.indexUrl === indexUrl && t.byPage.get(id) === text ? t : { indexUrl, byPage: new Map(t.indexUrl === indexUrl ? t.byPage : NONE).set(id, text) }));
        },
        () => undefined,
      );
    }
    // `key` stands for `wanted`: the effect runs when the set of missing pages changes (a request
    // still in flight is asked for again and shared, not repeated).
  }, [engine, indexUrl, key]);
  return byPage;
}
