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
