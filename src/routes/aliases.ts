import { asciiUrl } from '../asciiUrl.js';
import { normalisePath } from '../links/checkLinks.js';
import { parseRedirects } from '../links/redirects.js';
import { attr, scriptJson, text } from '../render/renderPage.js';
import type { Diagnostic, DocsVersion, Entry, OutputFile, Route, SiteConfig } from '../types.js';
import { localeUrlPath, outputFileOf, type EntryPlan } from './planEntries.js';
import { versionedPermalink, versionOf } from './versions.js';

/** The pages that send a reader from a page's earlier addresses (front matter `aliases`) to the page. */
export interface AliasPlan {
  /** A small HTML page at each alias, and `_redirects` (Netlify, Cloudflare Pages) listing them all. */
  files: OutputFile[];
  /** The URL paths of the aliases (`/en/docs/old-name`) and of the pages they lead to: a link to one lands on that page. */
  paths: string[];
  targets: string[];
  diagnostics: Diagnostic[];
}

/**
 * What an alias may not hold: characters a path cannot carry as written (control characters too),
 * `*` and `:` (a splat and a placeholder to the hosts that read `_redirects`), and `.`, `..` or empty segments.
 */
const BAD_ALIAS_RE = /[\s?#%\\*:\x00-\x1f\x7f]|\/\/|(^|\/)\.\.?(\/|$)/;
/** A last segment that names a file other than a page (`/sitemap.xml`): an alias is a page's address. */
const FILE_ALIAS_RE = /\.(?!html?$)(?=[A-Za-z0-9]{0,9}[A-Za-z])[A-Za-z0-9]{1,10}$/;

/**
 * Plans the redirect pages of every entry's aliases. An alias is a site path in the page's locale, as a
 * link in it is (`/docs/old` on an English page is `/en/docs/old`); a fallback copy gets its original's
 * aliases in its own locale. An alias that is the address of a page, or of another page's alias, is an
 * error at its line: one of the two would silently replace the other.
 */
export function planAliases(config: SiteConfig, plans: EntryPlan[], entries: Entry[], routes: Route[], ownRedirects: string | null = null, versions: DocsVersion[] | null = null, roots: DocsRootPlan = { roots: [], staticFile: () => false }): AliasPlan {
  const out: AliasPlan = { files: [], paths: [], targets: [], diagnostics: [] };
  const byPage = new Map(entries.map((e) => [e.permalink, e]));
  const pages = new Map(routes.map((r) => [normalisePath(r.path), r]));
  const taken = new Map<string, Entry>();
  const redirects: string[] = [];
  for (const plan of plans) {
    const aliases = plan.source.frontMatter.aliases;
    const entry = byPage.get(plan.urlPath);
    if (!aliases?.length || !entry || entry.locale !== plan.locale) continue;
    const own = plan.locale === plan.source.locale;
    const locale = config.locales.find((l) => l.code === plan.locale)!;
    // A versioned doc's `/docs/…` alias is an earlier address in its version (a version is a copy of the docs, aliases and all).
    const version = versions && plan.section === 'docs' ? versionOf(versions, plan.source.version) : undefined;
    const lineOf = (n: number) => plan.source.itemLines?.aliases?.[n] ?? plan.source.keyLines.aliases ?? 1;
    const problem = (n: number, message: string, hint: string) => {
      // A fallback copy repeats its original's aliases: their problems are told once, at the original.
      if (own) out.diagnostics.push({ severity: 'error', code: 'front-matter', file: plan.source.file, line: lineOf(n), message: `aliases: ${message}`, hint });
    };
    aliases.forEach((alias, n) => {
      if (!alias.startsWith('/')) return problem(n, `"${alias}" is not a site path`, `write it from the locale's root, as a link would be: /${alias.replace(/^\.?\/*/, '')}`);
      if (BAD_ALIAS_RE.test(alias)) return problem(n, `${JSON.stringify(alias)} is not an address a page can have (a space, "?", "#", "%", "\\", "*", ":", "//", or a "." or ".." segment)`, 'write the address as the page had it, without a query or an anchor');
      if (FILE_ALIAS_RE.test(alias)) return problem(n, `${alias} is the address of a file, not of a page`, 'an alias is an earlier address of this page (/docs/old, or /docs/old.html)');
      if (alias.split('/').some((part) => Buffer.byteLength(part) > 200)) return problem(n, `${alias.slice(0, 40)}… has a part too long for a file name`, 'shorten it');
      // Written with a locale's prefix (`/en/docs/x`), as a link may be: taken as it is.
      const first = alias.split('/')[1] ?? '';
      const prefixed = first !== '' && config.locales.some((l) => l.path === first);
      // An earlier address as it was (with or without its slash): it leads to the page's address as the site writes it.
      const path = prefixed ? config.baseUrl + alias.slice(1) : localeUrlPath(config, locale, version && alias.startsWith('/docs/') ? versionedPermalink(version, alias) : alias);
      const key = normalisePath(path);
      if (key === normalisePath(entry.permalink)) return problem(n, `${alias} is this page's own address`, 'delete it');
      // On a host whose files ignore case, `/docs/Histroy` would be the page itself, replaced by a redirect to itself.
      if (key.toLowerCase() === normalisePath(entry.permalink).toLowerCase()) return problem(n, `${alias} is this page's own address in other letters`, 'on a host that ignores case it would replace the page with a redirect to itself: delete it');
      const page = pages.get(key);
      if (page) return problem(n, `${path} is the address of a page (${page.source === 'theme' ? 'one the site makes' : page.source}), which the alias would replace`, 'delete the alias, or move that page first');
      const other = taken.get(key);
      if (other) return problem(n, `${path} is already an alias of ${other.file}`, 'an address can lead to one page only');
      taken.set(key, entry);
      out.paths.push(path.replace(/\/$/, '') || '/');
      out.targets.push(entry.permalink);
      out.files.push({ path: outputFileOf(config, path), contents: redirectPage(config, locale.htmlLang, entry.permalink, entry.title) });
      redirects.push(`${asciiUrl(path)} ${asciiUrl(entry.permalink)} 301`);
    });
  }
  // A docs root no page, alias, static file or rule of the site's own has leads to the docs' first page, for now (302).
  // The site's rules are read as the link check and the dev server read them (`/docs`, `/docs/*`); a catch-all (`/* /index.html 200`) is a fallback, not a rule for the root.
  const ownRules = ownRedirects === null ? [] : parseRedirects(ownRedirects, '_redirects', config.baseUrl).rules.rules.filter((rule) => !rule.catchAll);
  const ruled = (path: string) => ownRules.some((rule) => rule.pattern.test(path) || rule.pattern.test(normalisePath(path)));
  const rooted: string[] = [];
  for (const root of roots.roots) {
    const key = normalisePath(root.path);
    const file = outputFileOf(config, root.path);
    if (pages.has(key) || taken.has(key) || ruled(root.path) || roots.staticFile(file)) continue;
    const locale = config.locales.find((l) => l.code === root.locale)!;
    out.paths.push(key);
    out.targets.push(root.href);
    out.files.push({ path: file, contents: redirectPage(config, locale.htmlLang, root.href, root.title) });
    rooted.push(`${asciiUrl(root.path)} ${asciiUrl(root.href)} 302`);
  }
  // A site's own `_redirects` (content/static/) comes first, as written: the host reads its rules before these.
  const own = ownRedirects === null ? '' : ownRedirects.endsWith('\n') || ownRedirects === '' ? ownRedirects : `${ownRedirects}\n`;
  const sections = [
    ...(redirects.length > 0 ? [`# Earlier addresses of pages (front matter aliases), for hosts that read this file.\n${redirects.join('\n')}\n`] : []),
    ...(rooted.length > 0 ? [`# The docs' roots, which no page has: to the first page of their sidebar.\n${rooted.join('\n')}\n`] : []),
  ];
  if (sections.length > 0) out.files.push({ path: '_redirects', contents: own + sections.join('') });
  return out;
}

/** The docs' roots of the locales built (`buildRoutes`), and whether the site's static files hold an output file. */
export interface DocsRootPlan {
  roots: { locale: string; path: string; href: string; title: string }[];
  staticFile: (outputPath: string) => boolean;
}

/**
 * A page that sends the reader on at once (by script, keeping the query and the anchor; by a refresh
 * without scripts), tells search engines the page's address (canonical, noindex) and links to it.
 */
function redirectPage(config: SiteConfig, htmlLang: string, target: string, pageTitle: string): string {
  const absolute = config.url + asciiUrl(target);
  const title = text(pageTitle);
  return `<!DOCTYPE html>
<html lang="${attr(htmlLang)}">
<head>
<meta charset="utf-8">
<title>${title}</title>
<meta name="description" content="${attr(`${pageTitle}: ${absolute}`)}">
<meta name="robots" content="noindex">
<link rel="canonical" href="${attr(absolute)}">
<meta http-equiv="refresh" content="0; url=${attr(target)}">
<script>location.replace(${scriptJson(target)} + location.search + location.hash)</script>
</head>
<body>
<p><a href="${attr(target)}">${title}</a></p>
</body>
</html>
`;
}

