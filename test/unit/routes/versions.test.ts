import { describe, expect, it } from 'vitest';
import { parseVersionNames, planVersions } from '../../../src/routes/versions';
import type { Diagnostic, SiteConfig } from '../../../src/types';

const config = (docs: Partial<SiteConfig['docs']> = {}) => ({ docs: { tocMinLevel: 2, tocMaxLevel: 3, editUrl: '', showLastUpdateTime: true, versionName: 'current', versionLabel: 'Next', ...docs } }) as SiteConfig;
const brief = (versions: ReturnType<typeof planVersions>) => versions.map((v) => `${v.name} ${v.label} /docs/${v.path ? `${v.path}/` : ''} ${v.dir} ${v.banner}${v.isLast ? ' last' : ''}`);

describe('planVersions', () => {
  it('puts the last version at /docs/, the current docs at /docs/next/ (unreleased) and older versions at their names (unmaintained)', () => {
    expect(brief(planVersions(config(), ['11.x', '10.x']))).toEqual([
      'current Next /docs/next/ docs unreleased',
      '11.x 11.x /docs/ versioned_docs/version-11.x none last',
      '10.x 10.x /docs/10.x/ versioned_docs/version-10.x unmaintained',
    ]);
  });

  it('follows lastVersion, includeCurrentVersion, onlyIncludeVersions and a version\'s own options', () => {
    expect(brief(planVersions(config({ lastVersion: '10.x', versions: { '11.x': { label: '11 beta', banner: 'none' } } }), ['11.x', '10.x']))).toEqual([
      'current Next /docs/next/ docs unreleased',
      '11.x 11 beta /docs/11.x/ versioned_docs/version-11.x none',
      '10.x 10.x /docs/ versioned_docs/version-10.x none last',
    ]);
    expect(brief(planVersions(config({ includeCurrentVersion: false }), ['11.x']))).toEqual(['11.x 11.x /docs/ versioned_docs/version-11.x none last']);
    expect(planVersions(config({ includeCurrentVersion: false }), ['11.x'])[0]!.badge).toBe(false);
    expect(planVersions(config({ onlyIncludeVersions: ['current'] }), ['11.x', '10.x']).map((v) => v.name)).toEqual(['current']);
    expect(planVersions(config({ lastVersion: 'current' }), ['11.x']).map((v) => `${v.name}:${v.path}:${v.banner}`)).toEqual(['current::none', '11.x:11.x:unmaintained']);
  });

  it('puts the newest version built at /docs/ when onlyIncludeVersions leaves out versions.json\'s first, as Docusaurus does', () => {
    expect(brief(planVersions(config({ onlyIncludeVersions: ['current'] }), ['11.x', '10.x']))).toEqual(['current Next /docs/ docs none last']);
    expect(brief(planVersions(config({ onlyIncludeVersions: ['current', '10.x'] }), ['11.x', '10.x']))).toEqual([
      'current Next /docs/next/ docs unreleased',
      '10.x 10.x /docs/ versioned_docs/version-10.x none last',
    ]);
    expect(brief(planVersions(config({ includeCurrentVersion: false, onlyIncludeVersions: ['10.x'] }), ['11.x', '10.x']))).toEqual(['10.x 10.x /docs/ versioned_docs/version-10.x none last']);
  });

  it("takes Docusaurus's name current for the current docs when docs.versionName names them otherwise", () => {
    const named = (docs: Partial<SiteConfig['docs']>) => config({ versionName: 'v2', ...docs });
    expect(planVersions(named({ lastVersion: 'current', versions: { current: { label: 'Two' } } }), ['1.0']).map((v) => `${v.name}:${v.label}:${v.path}:${v.banner}`)).toEqual(['v2:Two::none', '1.0:1.0:1.0:unmaintained']);
    expect(planVersions(named({ onlyIncludeVersions: ['current'] }), ['1.0']).map((v) => v.name)).toEqual(['v2']);
  });
});

describe('parseVersionNames', () => {
  const parse = (text: string, folders: string[] = []) => {
    const diagnostics: Diagnostic[] = [];
    const names = parseVersionNames(text, 'content/versions.json', diagnostics, new Set(folders));
    return { names, problems: diagnostics.map((d) => `${d.line} ${d.message}`) };
  };

  it('reads the names, newest first', () => {
    expect(parse('["11.x", "10.x"]')).toEqual({ names: ['11.x', '10.x'], problems: [] });
  });

  it('tells each bad name at its line', () => {
    const { names, problems } = parse('[\n  "11.x",\n  "11.x",\n  "next",\n  "guides",\n  3,\n  "a/b"\n]', ['guides']);
    expect(names).toEqual(['11.x']);
    expect(problems.map((p) => p.split(' ').slice(0, 4).join(' '))).toEqual(['3 "11.x" is listed', '4 "next" is the', '5 "guides" is the', '6 3 is not', '7 "a/b" is not']);
  });

  it('refuses a name ending in ".", which Windows would make the folder of the name without it', () => {
    const { names, problems } = parse('[\n  "2.0.",\n  "2.0",\n  "1.x",\n  "1",\n  "v1..2"\n]');
    expect(names).toEqual(['2.0', '1.x', '1', 'v1..2']);
    expect(problems).toEqual(['2 "2.0." is not a version name: it becomes a folder and an address, so letters, digits, ".", "_" and "-", starting with a letter or digit and not ending with "."']);
  });

  it('tells JSON that does not parse, and a file that is no list', () => {
    expect(parse('["11.x",\n').problems[0]).toMatch(/^\d+ not JSON/);
    expect(parse('{"a": 1}').problems).toEqual(['1 versions.json is a list of version names']);
  });
});
