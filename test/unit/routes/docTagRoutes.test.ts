// The docs' tags in memory: declared in tags.yml and the config (loadDocTags), a doc's tags against them
// (tagRefProblems, docTagProblems), and the tag pages and foot links a locale's docs make (docTagRoutes).
import { describe, expect, it } from 'vitest';
import { loadDocTags } from '../../../src/content/docTags.js';
import { resolveTags, tagRefProblems } from '../../../src/content/tagRefs.js';
import { docTagProblems, docTagRoutes } from '../../../src/routes/docTagRoutes.js';
import { planVersions } from '../../../src/routes/versions.js';
import { contentFile, entry, siteConfig } from './fixtures.js';

const config = siteConfig({ docs: { tags: { guide: { 'zh-Hans': '指南', en: 'Guide' } } } });
const told = (list: { file: string; line?: number; column?: number; severity: string; message: string; hint?: string }[]) => list.map((d) => `${d.file}:${d.line}${d.column ? `:${d.column}` : ''} ${d.severity} ${d.message}${d.hint ? ` | ${d.hint}` : ''}`);
const STRINGS = { tags: '标签', tagged: { one: '1 篇文档带有标签“{tag}”', other: '{count} 篇文档带有标签“{tag}”' } };

describe('loadDocTags', () => {
  it("reads each docs folder's tags.yml, the config's first; a locale without its own file reads the default locale's", async () => {
    const files = [{ path: 'zh-Hans/docs/tags.yml', file: 'content/zh-Hans/docs/tags.yml', text: 'ai:\n  label: AI 翻译\n  permalink: /ai-services\n  description: 大模型。\nfree: ~\n' }];
    const loaded = await loadDocTags(config, files, ['docs', 'versioned_docs/version-9.x'], null);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.folders['en/docs']!.tags.map((t) => `${t.key} ${t.label} ${t.permalink}`)).toEqual(['guide Guide guide', 'ai AI 翻译 ai-services', 'free free free']);
    expect(loaded.folders['en/docs']!.declaredIn).toEqual(['site.config.ts', 'content/zh-Hans/docs/tags.yml']);
    expect(loaded.folders['zh-Hans/docs']!.onInlineTags).toBe('error');
    // A version without a tags file reads the config's alone, and is told undeclared tags as the config declares some.
    expect(loaded.folders['zh-Hans/versioned_docs/version-9.x']).toEqual({ tags: [{ key: 'guide', label: '指南', permalink: 'guide', file: 'site.config.ts' }], onInlineTags: 'error', declaredIn: ['site.config.ts'] });
  });

  it('tells an unknown key, a key the config declares too, two tags at one address and a key the translation lacks, at their lines', async () => {
    const files = [
      { path: 'zh-Hans/docs/tags.yml', file: 'content/zh-Hans/docs/tags.yml', text: 'ai:\n  lable: AI\nguide:\n  label: 指南\nfree:\n  permalink: /ai\n' },
      { path: 'en/docs/tags.yml', file: 'content/en/docs/tags.yml', text: 'free:\n  label: Free\n  permalink: /free\n' },
    ];
    const loaded = await loadDocTags(config, files, ['docs'], null);
    expect(told(loaded.diagnostics)).toEqual([
      'content/zh-Hans/docs/tags.yml:2:3 error ai.lable: unknown key | did you mean "label"?',
      'content/zh-Hans/docs/tags.yml:3 error guide: declared in site.config.ts too (docs.tags.guide), so one of the two would be lost | declare the tag in one place: here, or in the config',
      "content/zh-Hans/docs/tags.yml:5 error free: the tag's page would be at /docs/tags/ai, as ai's is | give it a permalink of its own",
      'content/en/docs/tags.yml:1 warning ai, guide: declared in content/zh-Hans/docs/tags.yml and not here, so the en pages show those tags as written there | add them to this file, in this locale\'s words',
    ]);
  });

  it('a site that declares no doc tags takes any: nothing is told', async () => {
    const loaded = await loadDocTags(siteConfig(), [], ['docs'], null);
    expect(loaded.folders['zh-Hans/docs']!.onInlineTags).toBe('ignore');
  });
});

describe("a doc's tags", () => {
  const meta = { tags: [{ key: 'free', label: '免费', permalink: 'free', file: 'f' }], onInlineTags: 'warn' as const, declaredIn: ['site.config.ts', 'content/zh-Hans/docs/tags.yml'] };
  it('stand for a declared tag, a tag written out or the words as written, once by address', () => {
    expect(resolveTags(['free', { label: 'AI 翻译', permalink: '/ai/' }, 'Product News', 'free'], meta.tags, 'x.md').map((t) => `${t.label} ${t.permalink}`)).toEqual(['免费 free', 'AI 翻译 ai', 'Product News product-news']);
  });

  it('are told at their lines: undeclared (with the nearest), listed twice, or making no address', () => {
    const source = contentFile('zh-Hans', 'docs', 'a.md', '---\ntitle: A\ntags:\n  - fre\n  - free\n  - free\n  - "!!"\n  - { label: 疑难, permalink: /faq }\n---\n正文\n');
    expect(told(tagRefProblems({ ...source, itemLines: { tags: [4, 5, 6, 7, 8] } }, meta, 'docs'))).toEqual([
      'content/zh-Hans/docs/a.md:4 warning tags: "fre" is not declared in site.config.ts (docs.tags) or content/zh-Hans/docs/tags.yml | did you mean "free"?',
      'content/zh-Hans/docs/a.md:6 warning tags: "free" is listed twice | list it once',
      'content/zh-Hans/docs/a.md:7 error tags: "!!" makes no address for the tag\'s page | write it with letters or digits, or declare it with a permalink in site.config.ts (docs.tags) or content/zh-Hans/docs/tags.yml',
      "content/zh-Hans/docs/a.md:8 warning tags: \"疑难\" is written out here, not declared in site.config.ts (docs.tags) or content/zh-Hans/docs/tags.yml | declare it, or let docs use tags nothing declares: docs.onInlineTags: 'ignore' (declared: free)",
    ]);
  });

  it("are checked against their own folder's declarations, a fallback copy not at all", () => {
    const versioned = entry({ section: 'docs', id: '9.x/a', title: 'A', version: '9.x', tags: ['old'], writtenTags: { tags: ['old'], line: 3 } });
    const copy = entry({ section: 'docs', id: 'b', title: 'B', locale: 'en', untranslated: true, tags: ['zzz'] });
    const declared = { 'zh-Hans/versioned_docs/version-9.x': { tags: [{ key: 'old', label: 'Old', permalink: 'old', file: 'f' }], onInlineTags: 'error' as const, declaredIn: ['site.config.ts'] } };
    expect(docTagProblems(config, [versioned, copy], declared)).toEqual([]);
    expect(told(docTagProblems(config, [{ ...versioned, version: undefined }], declared))).toEqual(['content/zh-Hans/docs/9.x/a.md:3 error tags: "old" is not declared in site.config.ts (docs.tags) | declare it, or let docs use tags nothing declares: docs.onInlineTags: \'ignore\' (declared: guide)']);
  });
});

describe('docTagRoutes', () => {
  const docs = [
    entry({ section: 'docs', id: 'b', title: '乙', description: 'b', tags: ['guide', 'Zeta'] }),
    entry({ section: 'docs', id: 'a', title: '甲', tags: ['guide'] }),
    entry({ section: 'docs', id: 'hidden', title: '隐', tags: ['guide', 'secret'], noindex: true, unlisted: true }),
  ];

  it('makes the tags page (by address) and a page per tag (its docs by title), and the links each doc shows', () => {
    const { plans, shown } = docTagRoutes({ config, docs, prefix: '', locale: 'zh-Hans', strings: STRINGS });
    expect(plans.map((p) => `${p.localPath} ${p.title}`)).toEqual(['/docs/tags/guide 2 篇文档带有标签“指南”', '/docs/tags/zeta 1 篇文档带有标签“Zeta”', '/docs/tags 标签']);
    expect(plans[0]!.data).toEqual({ kind: 'docTag', tag: { label: '指南', href: '/docs/tags/guide', count: 2 }, docs: [{ title: '甲', href: '/docs/a', description: '', untranslated: false }, { title: '乙', href: '/docs/b', description: 'b', untranslated: false }], allTagsPath: '/docs/tags' });
    expect(plans[2]!.data).toEqual({ kind: 'docTags', tags: [{ label: '指南', href: '/docs/tags/guide', count: 2 }, { label: 'Zeta', href: '/docs/tags/zeta', count: 1 }] });
    // The hidden doc keeps the tag that has a page; its own tag has none.
    expect(shown.get(docs[2]!)).toEqual([{ label: '指南', href: '/docs/tags/guide' }]);
    expect(shown.get(docs[0]!)).toEqual([{ label: '指南', href: '/docs/tags/guide' }, { label: 'Zeta', href: '/docs/tags/zeta' }]);
  });

  it("gives each docs version its own pages under its path, a noIndex version's noindex", () => {
    const versions = planVersions(siteConfig({ docs: { versions: { '8.x': { noIndex: true } } } }), ['9.x', '8.x']);
    const versioned = [entry({ section: 'docs', id: 'a', title: 'Next', tags: ['guide'] }), entry({ section: 'docs', id: '9.x/a', title: '9', version: '9.x', tags: ['guide'] }), entry({ section: 'docs', id: '8.x/a', title: '8', version: '8.x', tags: ['guide'] })];
    const { plans } = docTagRoutes({ config, docs: versioned, prefix: '/en', locale: 'en', strings: STRINGS, versions });
    expect(plans.map((p) => `${p.localPath}${p.noindex ? ' noindex' : ''} ${p.data.kind === 'docTag' ? p.data.docs.map((d) => d.title).join() : ''}`)).toEqual(['/docs/next/tags/guide Next', '/docs/next/tags ', '/docs/tags/guide 9', '/docs/tags ', '/docs/8.x/tags/guide noindex 8', '/docs/8.x/tags noindex ']);
    expect(plans[0]!.data.kind === 'docTag' && plans[0]!.data.allTagsPath).toBe('/en/docs/next/tags');
  });
});
