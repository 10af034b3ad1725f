// Stand-in for the build's SearchPage[] until `planSite()` exists: walks content/<locale>/{docs,blog}
// and strips markdown crudely. TODO(bench): switch bench/search.mjs to the build's planSite() and
// delete this file, so the bench measures exactly what the site ships.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';

const FRONT_MATTER_RE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const HEADING_RE = /^(#{2,3})\s+(.*)$/;
const HEADING_ID_RE = /\s*\{#([^}]+)\}\s*$/;
const POST_FILE_RE = /^(\d{4})-(\d{2})-(\d{2})-(.+)\.md$/;
// Placeholder values: only their being words matters to the index.
const VARIABLES = { product: 'Product', version: '11.6.1', firstRelease: '2013', years: '12' };

function walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : path.endsWith('.md') ? [path] : [];
  });
}

/** Markdown to plain text, roughly as rendered HTML's textContent would read. */
export function stripMarkdown(md) {
  return md
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => VARIABLES[name] ?? '')
    .replace(/^\s*(```|~~~).*$/gm, ' ')
    .replace(/^:::\w*\s*/gm, '')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/^\s*\|?\s*:?-{3,}.*$/gm, ' ')
    .replace(/[*_`>|]+/g, ' ')
    .replace(/^\s*[-+]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

// GitHub-style slug, as the content brief says heading ids are made.
function slug(text) {
  return text.toLowerCase().replace(/[^\p{L}\p{N}\s-]/gu, '').trim().replace(/\s+/g, '-');
}

function splitSections(body) {
  const sections = [];
  let intro = [];
  let current = null;
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : HEADING_RE.exec(line);
    if (m) {
      const idMatch = HEADING_ID_RE.exec(m[2]);
      const heading = stripMarkdown(m[2].replace(HEADING_ID_RE, ''));
      current = { id: idMatch ? idMatch[1] : slug(heading), heading, depth: m[1].length, lines: [] };
      sections.push(current);
    } else (current ? current.lines : intro).push(line);
  }
  return {
    intro: stripMarkdown(intro.join('\n')),
    sections: sections.map(({ lines, ...s }) => ({ ...s, text: stripMarkdown(lines.join('\n')) })),
  };
}

function urlOf(prefix, section, rel) {
  if (section === 'blog') {
    const m = POST_FILE_RE.exec(rel.split('/').pop());
    return m ? `${prefix}/blog/${m[1]}/${m[2]}/${m[3]}/${m[4]}` : `${prefix}/blog/${rel.replace(/\.md$/, '')}`;
  }
  const id = rel.replace(/\.md$/, '');
  return id === 'index' || id.endsWith('/index') ? `${prefix}/docs/${id.replace(/\/?index$/, '')}/` : `${prefix}/docs/${id}`;
}

/** SearchPage[] of one locale (`localePath` '' for zh-Hans, 'en' for English). */
export function loadSearchPages({ root, locale, localePath }) {
  const prefix = localePath ? `/${localePath}` : '';
  const pages = [];
  for (const section of ['docs', 'blog']) {
    const dir = join(root, 'content', locale, section);
    for (const file of walk(dir).sort()) {
      const text = readFileSync(file, 'utf8');
      const fm = FRONT_MATTER_RE.exec(text);
      const data = (fm && parse(fm[1])) || {};
      if (data.draft) continue;
      const body = (fm ? text.slice(fm[0].length) : text).replace(/<!--\s*truncate\s*-->/g, '');
      const rel = relative(dir, file).split('\\').join('/');
      pages.push({
        url: urlOf(prefix, section, rel),
        title: String(data.title ?? rel),
        description: String(data.description ?? ''),
        keywords: Array.isArray(data.keywords) ? data.keywords.map(String) : [],
        ...splitSections(body),
        category: section === 'blog' ? 'blog' : 'docs',
      });
    }
  }
  return pages;
}
