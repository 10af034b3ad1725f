// Builds a generated corpus with Hugo (Debian package `hugo`) for the same-run comparison in
// bench/build.mjs: both locales from the same markdown files, minimal templates with the work a docs
// site needs (content, table of contents, section lists with pagination, tag pages, highlighting).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function hugoVersion() {
  const result = spawnSync('hugo', ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().split(' ').slice(0, 2).join(' ') : null;
}

const LAYOUTS = {
  '_default/baseof.html': '<!DOCTYPE html><html lang="{{ .Site.Language.Lang }}"><head><meta charset="utf-8"><title>{{ .Title }} · {{ .Site.Title }}</title><meta name="description" content="{{ .Description }}"></head><body><nav>{{ range .Site.Menus.main }}<a href="{{ .URL }}">{{ .Name }}</a>{{ end }}</nav><main>{{ block "main" . }}{{ end }}</main></body></html>',
  '_default/single.html': '{{ define "main" }}<h1>{{ .Title }}</h1><aside>{{ .TableOfContents }}</aside><article>{{ .Content }}</article>{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}{{ end }}',
  '_default/list.html': '{{ define "main" }}<h1>{{ .Title }}</h1>{{ $p := .Paginate .Pages 10 }}{{ range $p.Pages }}<article><a href="{{ .RelPermalink }}">{{ .Title }}</a><p>{{ .Summary }}</p></article>{{ end }}{{ template "_internal/pagination.html" . }}{{ end }}',
};

/** Writes Hugo's config and layouts into a corpus folder. */
export function prepareHugo(dir) {
  for (const [path, text] of Object.entries(LAYOUTS)) {
    mkdirSync(join(dir, 'layouts', path, '..'), { recursive: true });
    writeFileSync(join(dir, 'layouts', path), text);
  }
  writeFileSync(
    join(dir, 'hugo.toml'),
    `baseURL = "https://bench.example/"
title = "Benchmark site"
defaultContentLanguage = "zh-hans"
disableKinds = ["RSS", "sitemap", "robotsTXT"]
[taxonomies]
  tag = "tags"
[markup.goldmark.renderer]
  unsafe = true
[markup.goldmark.parser.attribute]
  title = true
[markup.tableOfContents]
  startLevel = 2
  endLevel = 3
[languages.zh-hans]
  contentDir = "content/zh-Hans"
  languageName = "简体中文"
  weight = 1
[languages.en]
  contentDir = "content/en"
  languageName = "English"
  weight = 2
`,
  );
}

/**
 * One Hugo build of the corpus into `destination`, a folder that does not exist yet (bench/build.mjs
 * gives each build a new one and deletes them all at the end); returns wall time in ms.
 */
export function buildWithHugo(dir, destination) {
  rmSync(destination, { recursive: true, force: true });
  const started = performance.now();
  execFileSync('hugo', ['--quiet', '--source', dir, '--destination', destination], { stdio: ['ignore', 'ignore', 'pipe'] });
  return performance.now() - started;
}
