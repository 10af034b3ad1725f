/**
 * Whether a navbar entry is the section the current path is in. An entry names a section by its
 * folder: `/en/docs/faqs/` covers `/en/docs/faqs/safe`, and a page inside a folder
 * (`/en/docs/guides/summary`) covers its siblings; a top-level page covers only itself.
 */
export function isActiveNav(itemHref: string, path: string, localePrefix: string): boolean {
  const target = itemHref.split('#')[0].replace(/\/$/, '');
  const current = path.replace(/\/$/, '');
  if (!target.startsWith(localePrefix) || target === localePrefix.replace(/\/$/, '')) return false;
  const segments = target.slice(localePrefix.length).split('/');
  const section = segments.length >= 3 ? target.slice(0, target.lastIndexOf('/')) : target;
  return current === target || current === section || current.startsWith(`${section}/`);
}

/**
 * A navbar entry's `aria-current`: `page` on the entry's own page, `true` (the current item of the set) on another page
 * of its section, which a screen reader would otherwise call the current page beside the sidebar's own link to it.
 */
export function navCurrent(itemHref: string, path: string, localePrefix: string): 'page' | 'true' | undefined {
  if (!isActiveNav(itemHref, path, localePrefix)) return undefined;
  return itemHref.split('#')[0].replace(/\/$/, '') === path.replace(/\/$/, '') ? 'page' : 'true';
}
