// Temporary writers' checker (until `sitegen build` validates content): front matter, fences, links, locales.
import { readFileSync, existsSync, statSync, readdirSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import { parse } from 'yaml';
const ALLOWED = new Set(['title','description','keywords','sidebar_label','tags','authors','image','slug','date','last_update','draft','hide_table_of_contents','noindex']);
const VARS = new Set(['product','version','firstRelease','years','github','chromeStore','edgeStore','firefoxStore','email','website']);
const walk = (p) => statSync(p).isDirectory() ? readdirSync(p).flatMap((f) => walk(join(p, f))) : p.endsWith('.md') ? [p] : [];
let bad = 0;
const err = (f, line, msg) => { bad++; console.log(`${relative(process.cwd(), f)}:${line} ${msg}`); };
for (const file of process.argv.slice(2).flatMap(walk)) {
  const text = readFileSync(file, 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!m) { err(file, 1, 'missing or unclosed front matter'); continue; }
  let fm;
  try { fm = parse(m[1]); } catch (e) { err(file, 1, 'YAML: ' + e.message.split('\n')[0]); continue; }
  for (const k of Object.keys(fm ?? {})) if (!ALLOWED.has(k)) err(file, 1, `unknown front matter key ${k}`);
  for (const k of ['title', 'description', 'keywords']) if (!fm?.[k]) err(file, 1, `missing ${k}`);
  if (fm?.keywords && !Array.isArray(fm.keywords)) err(file, 1, 'keywords must be a list');
  const bodyStart = m[0].split('\n').length - 1;
  const lines = text.slice(m[0].length).split('\n');
  let fence = null, adm = 0;
  lines.forEach((l, i) => {
    const n = bodyStart + i + 1;
    const f = /^\s*(`{3,}|~{3,})/.exec(l);
    if (f) { if (!fence) fence = { mark: f[1], n }; else if (l.trim().startsWith(fence.mark) && l.trim().replace(/[`~]/g, '') === '') fence = null; return; }
    if (fence) return;
    if (/^:::\w+/.test(l.trim())) adm++; else if (l.trim() === ':::') adm--;
    if (/^#\s/.test(l)) err(file, n, 'H1 in body: use ## (the title is the H1)');
    for (const v of l.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) if (!VARS.has(v[1])) err(file, n, `unknown variable {{${v[1]}}}`);
    for (const lk of l.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const url = lk[1].replace(/^<|>$/g, '');
      if (/^(https?:|mailto:|#|\{\{)/.test(url)) continue;
      const path = url.split('#')[0];
      if (url.startsWith('/img/')) { if (!existsSync(join('content/static', path))) err(file, n, `missing image ${url}`); continue; }
      if (url.startsWith('/')) continue;
      if (!path.endsWith('.md')) { err(file, n, `relative link without .md: ${url}`); continue; }
      if (!existsSync(resolve(dirname(file), path))) err(file, n, `broken link ${url}`);
    }
  });
  if (fence) err(file, fence.n, 'unclosed code fence');
  if (adm !== 0) err(file, bodyStart, 'unbalanced ::: admonitions');
  const other = file.includes('/zh-Hans/') ? file.replace('/zh-Hans/', '/en/') : file.replace('/en/', '/zh-Hans/');
  if (!existsSync(other)) err(file, 1, `no counterpart in the other locale (${other})`);
}
console.log(bad ? `${bad} problem(s)` : 'all good');
process.exit(bad ? 1 : 0);
