// Builds a generated corpus with Hugo (Debian package `hugo`) for the same-run comparison in
// bench/build.mjs, both locales from the same markdown files, with one of two templates (each a theme
// in the corpus folder, themes/NAME, with its own config file, hugo-NAME.toml):
// - "minimal": the work a docs site needs at the least (content, table of contents, section lists
//   with pagination, tag pages, highlighting), no feeds, no sitemap, no sidebars, no search data;
// - "docs": what a Hugo documentation theme renders for the same corpus, comparable with sitegen's
//   output (sidebars, language switch, feeds, sitemap, robots.txt, 404 page, search JSON): below.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export function hugoVersion() {
  const result = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().split(' ').slice(0, 2).join(' ') : null;
}

// The "minimal" template, unchanged since the comparison began (it was the only one): RSS, sitemap and
// robots.txt disabled, no sidebars, no language switch, no search data.
const MINIMAL_LAYOUTS = {
  '_default/baseof.html': '<!DOCTYPE html><html lang="{{ .Site.Language.Lang }}"><head><meta charset="utf-8"><title>{{ .Title }} · {{ .Site.Title }}</title><meta name="description" content="{{ .Description }}"></head><body><nav>{{ range .Site.Menus.main }}<a href="{{ .URL }}">{{ .Name }}</a>{{ end }}</nav><main>{{ block "main" . }}{{ end }}</main></body></html>',
  '_default/single.html': '{{ define "main" }}<h1>{{ .Title }}</h1><aside>{{ .TableOfContents }}</aside><article>{{ .Content }}</article>{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ end }}',
  '_default/list.html': '{{ define "main" }}<h1>{{ .Title }}</h1>{{ $p := .Paginate .Pages 10 }}{{ range $p.Pages }}<article><a href="{{ .RelPermalink }}">{{ .Title }}</a><p>{{ .Summary }}</p></article>{{ end }}{{ template "_internal/pagination.html" . }}{{ end }}',
};

/** Markdown settings both configs share: raw HTML kept, `{title=…}` attributes, a table of contents of h2–h3 (as sitegen). */
const MARKUP = `[markup.goldmark.renderer]
  unsafe = true
[markup.goldmark.parser.attribute]
  title = true
[markup.tableOfContents]
  startLevel = 2
  endLevel = 3
`;

const MINIMAL_CONFIG = `baseURL = "https://bench.example/"
title = "Benchmark site"
defaultContentLanguage = "zh-hans"
disableKinds = ["RSS", "sitemap", "robotsTXT"]
[taxonomies]
  tag = "tags"
${MARKUP}[languages.zh-hans]
  contentDir = "content/zh-Hans"
  languageName = "简体中文"
  weight = 1
[languages.en]
  contentDir = "content/en"
  languageName = "English"
  weight = 2
`;

/**
 * The "docs" template: what a Hugo documentation theme (hugo-book, Docsy) renders for this corpus, so
 * that Hugo does the work sitegen's output needs. Every page: head with description, canonical,
 * hreflang alternates and Open Graph tags, a navbar, a language switch to the same page in the other
 * locale (Hugo pairs the two locales' files by their path under each contentDir), a footer. Docs: a
 * sidebar of the docs in the page's folder with the current one marked, table of contents (h2–h3),
 * previous/next, last updated (the file's mtime, as sitegen's when the corpus is not in git). Blog:
 * posts dated and named from their file names as sitegen's are, lists 10 per page, tag pages, and a
 * sidebar of every post by year on posts, lists and tag pages. Links to other pages' markdown files
 * resolve to those pages. Per language: Hugo's RSS feeds, sitemap, robots.txt, a 404 page, and a JSON
 * search index of every page's title, URL, headings and text (as hugo-book builds its search data).
 */
const DOCS_LAYOUTS = {
  '_default/baseof.html': `<!DOCTYPE html>
<html lang="{{ site.LanguageCode }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if .IsHome }}{{ site.Title }}{{ else }}{{ .Title }} · {{ site.Title }}{{ end }}</title>
<meta name="description" content="{{ .Description }}">
<link rel="canonical" href="{{ .Permalink }}">
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Site.LanguageCode }}" href="{{ .Permalink }}">
{{ end -}}
<meta property="og:type" content="{{ if .IsPage }}article{{ else }}website{{ end }}">
<meta property="og:site_name" content="{{ site.Title }}">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:description" content="{{ .Description }}">
<meta property="og:url" content="{{ .Permalink }}">
<meta property="og:locale" content="{{ replace site.LanguageCode "-" "_" }}">
{{ with site.GetPage "/blog" }}{{ with .OutputFormats.Get "rss" }}<link rel="alternate" type="application/rss+xml" title="{{ site.Title }}" href="{{ .Permalink }}">{{ end }}{{ end }}
</head>
<body>
<header>
<a href="{{ site.Home.RelPermalink }}">{{ site.Title }}</a>
<nav>{{ range site.Menus.main }}<a href="{{ .URL }}"{{ if $.HasMenuCurrent "main" . }} aria-current="page"{{ end }}>{{ .Name }}</a> {{ end }}</nav>
{{ partial "language-switch.html" . }}
</header>
<div class="columns">
{{ block "sidebar" . }}{{ end }}
<main>{{ block "main" . }}{{ end }}</main>
</div>
<footer>{{ site.Title }} · <a href="{{ "index.xml" | relLangURL }}">RSS</a> · <a href="{{ "sitemap.xml" | relLangURL }}">Sitemap</a></footer>
</body>
</html>
`,
  // A page with no counterpart in the other locale (the 404 page) links to the locales' home pages.
  'partials/language-switch.html': `{{ $lang := .Lang }}{{ $pages := .AllTranslations }}{{ if not .IsTranslated }}{{ $pages = site.Home.AllTranslations }}{{ end -}}
<ul class="language-switch">
{{- range $pages }}<li><a href="{{ .RelPermalink }}" hreflang="{{ .Site.LanguageCode }}"{{ if eq .Lang $lang }} aria-current="true"{{ end }}>{{ .Language.LanguageName }}</a></li>{{ end -}}
</ul>`,
  // Without an _index.md in each docs folder (the corpus has none) Hugo's section is "docs": the
  // sidebar keeps the pages of the current page's folder, the set sitegen's sidebars.yaml lists.
  'docs/single.html': `{{ define "sidebar" }}{{ $dir := .File.Dir }}{{ $current := .RelPermalink -}}
<nav class="sidebar"><ul>
{{- range .CurrentSection.RegularPages }}{{ if eq .File.Dir $dir }}
<li><a href="{{ .RelPermalink }}"{{ if eq .RelPermalink $current }} aria-current="page"{{ end }}>{{ .Title }}</a></li>{{ end }}{{ end }}
</ul></nav>
{{ end }}
{{ define "main" }}<article>
<h1>{{ .Title }}</h1>
<aside class="toc">{{ .TableOfContents }}</aside>
{{ .Content }}
<footer>Last updated <time datetime="{{ .Lastmod.Format "2006-01-02T15:04:05Z07:00" }}">{{ .Lastmod | time.Format ":date_long" }}</time></footer>
</article>
{{ partial "prev-next.html" . }}{{ end }}`,
  'blog/single.html': `{{ define "sidebar" }}{{ partial "blog-sidebar.html" . }}{{ end }}
{{ define "main" }}<article>
<h1>{{ .Title }}</h1>
<time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date | time.Format ":date_long" }}</time>
<aside class="toc">{{ .TableOfContents }}</aside>
{{ .Content }}
{{ partial "tags.html" . }}
</article>
{{ partial "prev-next.html" . }}{{ end }}`,
  '_default/single.html': `{{ define "main" }}<article>
<h1>{{ .Title }}</h1>
<aside class="toc">{{ .TableOfContents }}</aside>
{{ .Content }}
</article>{{ end }}`,
  '_default/list.html': `{{ define "main" }}<h1>{{ .Title }}</h1>
{{ partial "page-list.html" . }}{{ end }}`,
  'blog/list.html': `{{ define "sidebar" }}{{ partial "blog-sidebar.html" . }}{{ end }}
{{ define "main" }}<h1>{{ .Title }}</h1>
{{ with site.GetPage "/tags" }}<p><a href="{{ .RelPermalink }}">{{ .Title }}</a></p>{{ end }}
{{ partial "page-list.html" . }}{{ end }}`,
  '_default/term.html': `{{ define "sidebar" }}{{ partial "blog-sidebar.html" . }}{{ end }}
{{ define "main" }}<h1>{{ .Title }}</h1>
{{ partial "page-list.html" . }}{{ end }}`,
  '_default/terms.html': `{{ define "sidebar" }}{{ partial "blog-sidebar.html" . }}{{ end }}
{{ define "main" }}<h1>{{ .Title }}</h1>
<ul>{{ range .Data.Terms.ByCount }}<li><a href="{{ .Page.RelPermalink }}">{{ .Page.Title }}</a> ({{ .Count }})</li>{{ end }}</ul>{{ end }}`,
  '404.html': `{{ define "main" }}<h1>Page not found</h1>
<p><a href="{{ site.Home.RelPermalink }}">{{ site.Title }}</a></p>{{ end }}`,
  'partials/page-list.html': `{{ $pages := .Paginate .Pages 10 }}{{ range $pages.Pages -}}
<article>
<h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2>
{{ if not .Date.IsZero }}<time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date | time.Format ":date_long" }}</time>{{ end }}
<div>{{ .Summary }}</div>
{{ partial "tags.html" . }}
</article>
{{ end }}{{ template "_internal/pagination.html" . }}`,
  'partials/tags.html': `{{ with .GetTerms "tags" }}<ul class="tags">{{ range . }}<li><a href="{{ .RelPermalink }}" rel="tag">{{ .LinkTitle }}</a></li>{{ end }}</ul>{{ end }}`,
  // Hugo's NextInSection is the page before this one in the section's order (the newer post), which
  // sitegen's "previous" link is. The section being "docs", the first and last doc of a folder link
  // to the neighbouring folder's, where sitegen's stop.
  'partials/prev-next.html': `<nav class="prev-next">
{{- with .NextInSection }}<a href="{{ .RelPermalink }}" rel="prev">{{ .Title }}</a>{{ end }}
{{- with .PrevInSection }}<a href="{{ .RelPermalink }}" rel="next">{{ .Title }}</a>{{ end -}}
</nav>`,
  // Every post by year, newest first, the current one marked: not partialCached, since the mark
  // differs on every page (as sitegen's sidebar does).
  'partials/blog-sidebar.html': `{{ $current := .RelPermalink -}}
<nav class="blog-sidebar">
{{- range (where site.RegularPages "Section" "blog").GroupByDate "2006" }}
<h2>{{ .Key }}</h2>
<ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}"{{ if eq .RelPermalink $current }} aria-current="page"{{ end }}>{{ .Title }}</a></li>{{ end }}</ul>
{{- end }}
</nav>`,
  // A link to a page's markdown file (../faqs/page-3.md#s1) or site path (/docs/guides/page-3) goes
  // to that page in the same language, as sitegen resolves it; other links are left as written.
  '_default/_markup/render-link.html': `{{ $href := .Destination }}{{ $url := urls.Parse .Destination -}}
{{ if and (not $url.IsAbs) $url.Path -}}
  {{ $path := strings.TrimSuffix ".md" $url.Path }}{{ if not (strings.HasPrefix $path "/") }}{{ $path = path.Join "/" .Page.File.Dir $path }}{{ end -}}
  {{ with .Page.GetPage $path }}{{ $href = .RelPermalink }}{{ with $url.Fragment }}{{ $href = printf "%s#%s" $href . }}{{ end }}{{ end -}}
{{ end -}}
<a href="{{ $href }}"{{ with .Title }} title="{{ . }}"{{ end }}>{{ .Text | safeHTML }}</a>`,
  // The search data: one JSON file per language, written next to the language's home page.
  'index.searchindex.json': `{{- $index := slice -}}
{{- range site.RegularPages -}}
  {{- $headings := partial "heading-titles.html" .Fragments.Headings -}}
  {{- $index = $index | append (dict "title" .Title "url" .RelPermalink "headings" $headings "text" .Plain) -}}
{{- end -}}
{{- $index | jsonify -}}`,
  // The titles of a page's headings in document order (Hugo keeps them as a tree).
  'partials/heading-titles.html': `{{- $titles := slice -}}
{{- range . }}{{ with .Title }}{{ $titles = $titles | append . }}{{ end }}{{ with .Headings }}{{ $titles = $titles | append (partial "heading-titles.html" .) }}{{ end }}{{ end -}}
{{- return $titles -}}`,
  'robots.txt': `User-agent: *
Allow: /

Sitemap: {{ "sitemap.xml" | absURL }}
`,
};

// Hugo's default outputs (HTML, and RSS for the home page, sections and tags), with the sitemap and
// robots.txt; the blog's posts take their date and slug from their file names (2021-01-01-post-0.md)
// and live under /blog/YYYY/MM/DD/slug/, and the free page at /about/, as sitegen's do.
const DOCS_CONFIG = `baseURL = "https://bench.example/"
defaultContentLanguage = "zh-hans"
enableRobotsTXT = true
hasCJKLanguage = true
[taxonomies]
  tag = "tags"
[permalinks]
  blog = "/blog/:year/:month/:day/:slug/"
  pages = "/:filename/"
  tags = "/blog/tags/:slug/"
[frontmatter]
  date = [":filename", ":default"]
  lastmod = [":fileModTime"]
[outputFormats.SearchIndex]
  mediaType = "application/json"
  baseName = "search-index"
  isPlainText = true
  notAlternative = true
[outputs]
  home = ["HTML", "RSS", "SearchIndex"]
${MARKUP}${['zh-hans', 'en']
  .map((lang) => {
    const zh = lang === 'zh-hans';
    return `[languages.${lang}]
  contentDir = "content/${zh ? 'zh-Hans' : 'en'}"
  languageName = "${zh ? '简体中文' : 'English'}"
  languageCode = "${zh ? 'zh-CN' : 'en'}"
  title = "${zh ? '基准站点' : 'Benchmark site'}"
  weight = ${zh ? 1 : 2}
[[languages.${lang}.menus.main]]
  name = "Docs"
  pageRef = "/docs"
  weight = 1
[[languages.${lang}.menus.main]]
  name = "Blog"
  pageRef = "/blog"
  weight = 2
`;
  })
  .join('')}`;


export const HUGO_TEMPLATES = {
  minimal: { layouts: MINIMAL_LAYOUTS, config: MINIMAL_CONFIG },
  docs: { layouts: DOCS_LAYOUTS, config: DOCS_CONFIG },
};

/** Writes both templates into a corpus folder: themes/NAME/layouts and the config hugo-NAME.toml. */
export function prepareHugo(dir) {
  for (const [name, { layouts, config }] of Object.entries(HUGO_TEMPLATES)) {
    for (const [path, text] of Object.entries(layouts)) {
      const file = join(dir, 'themes', name, 'layouts', path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    writeFileSync(join(dir, `hugo-${name}.toml`), config);
  }
}

/**
 * One Hugo build of the corpus with `template` ("minimal" or "docs") into `destination`, a folder that
 * does not exist yet (bench/build.mjs gives each build a new one and deletes them all at the end);
 * returns wall time in ms.
 */
export function buildWithHugo(dir, destination, template) {
  if (!HUGO_TEMPLATES[template]) throw new Error(`unknown Hugo template ${template}`);
  rmSync(destination, { recursive: true, force: true });
  const config = resolve(dir, `hugo-${template}.toml`);
  const started = performance.now();
  execFileSync('hugo', ['--quiet', '--source', dir, '--config', config, '--theme', template, '--destination', destination], { stdio: ['ignore', 'ignore', 'pipe'] });
  return performance.now() - started;
}
