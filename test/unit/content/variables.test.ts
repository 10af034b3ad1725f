import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../src/config/resolveConfig.js';
import { substituteVariables, variablesFor } from '../../../src/content/variables.js';

const config = resolveConfig(
  {
    title: { 'zh-Hans': '灵译划词翻译', en: 'Glint Translate' },
    url: 'https://glint.example',
    i18n: { defaultLocale: 'zh-Hans', locales: { 'zh-Hans': { label: '简体中文', htmlLang: 'zh-CN' }, en: { label: 'English', htmlLang: 'en' } } },
    variables: {
      product: { 'zh-Hans': '灵译', en: 'Glint' },
      latestVersion: '11.6.2',
      email: 'support@glint.example',
      'store.chrome': 'https://chromewebstore.google.com/detail/glint',
    },
  },
  { configFile: '/srv/glint/site.config.ts', shownFile: 'site.config.ts' },
);
const zh = variablesFor(config, 'zh-Hans');
const en = variablesFor(config, 'en');
const place = { file: 'content/en/docs/guides/summary.md', line: 5 };

describe('variablesFor', () => {
  it('gives each locale its own value, and shared values to both', () => {
    expect(zh.get('product')).toBe('灵译');
    expect(en.get('product')).toBe('Glint');
    expect(en.get('latestVersion')).toBe('11.6.2');
    expect(zh.get('latestVersion')).toBe('11.6.2');
  });
});

describe('substituteVariables', () => {
  it('replaces names with the value of the locale', () => {
    expect(substituteVariables('欢迎使用 {{product}} {{latestVersion}}。', zh, place).text).toBe('欢迎使用 灵译 11.6.2。');
    expect(substituteVariables('Welcome to {{product}} {{latestVersion}}.', en, place).text).toBe('Welcome to Glint 11.6.2.');
  });

  it('allows spaces inside the braces and dots in names', () => {
    expect(substituteVariables('[Chrome]({{ store.chrome }})', en, place)).toEqual({ text: '[Chrome](https://chromewebstore.google.com/detail/glint)', diagnostics: [] });
  });

  it('replaces every occurrence, across lines', () => {
    expect(substituteVariables('{{product}}\n\n- {{product}} and {{product}}\n', en, place).text).toBe('Glint\n\n- Glint and Glint\n');
  });

  it('keeps \\{{ as literal braces, without the backslash', () => {
    expect(substituteVariables('Write \\{{product}} to show the product name: {{product}}.', en, place)).toEqual({
      text: 'Write {{product}} to show the product name: Glint.',
      diagnostics: [],
    });
  });

  it('does not reinterpret $ patterns in values', () => {
    const dollars = new Map([['price', '$& $1 $$']]);
    expect(substituteVariables('Only {{price}}', dollars, place).text).toBe('Only $& $1 $$');
  });

  it('leaves text without braces alone', () => {
    expect(substituteVariables('没有变量 { } }}', zh, place)).toEqual({ text: '没有变量 { } }}', diagnostics: [] });
  });

  it('reports an unknown name at its file line and column, with a suggestion', () => {
    const result = substituteVariables('Intro.\n\nUse {{ prodcut }} today.\n', en, place);
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'variable',
        file: 'content/en/docs/guides/summary.md',
        line: 7,
        column: 5,
        message: 'unknown variable {{prodcut}}',
        hint: 'did you mean {{product}}? (variables are set in site.config.ts)',
      },
    ]);
    expect(result.text).toBe('Intro.\n\nUse {{ prodcut }} today.\n');
  });

  it("leaves braces in code that name no variable as the code's own, and still replaces a variable's name there", () => {
    const body = [
      'Inline `{{ code }}` and ``a ` {{ tick }}`` and `npm i glint@{{latestVersion}}`.',
      '',
      '1. In a workflow:',
      '',
      '   ```yaml',
      '   token: ${{ secrets.GITHUB_TOKEN }}',
      '   ```',
      '',
      '~~~~vue',
      '<p>{{ msg }}</p>',
      '~~~',
      '<p>{{ still }}</p>',
      '~~~~',
      '',
      'Prose {{ i }} and ` {{ unclosed }}',
    ].join('\n');
    const result = substituteVariables(body, en, place);
    // Prose outside code, and a lone backtick that opens no span, are still told.
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(['19:7 unknown variable {{i}}', '19:21 unknown variable {{unclosed}}']);
    expect(result.text).toBe(body.replace('{{latestVersion}}', '11.6.2'));
  });

  it('reads on past a line that starts with code in three backticks, a code span and no fence', () => {
    // Before: the rest of the page was taken for code, so {{latestVerison}} in its prose was shown as written, unsaid.
    const result = substituteVariables('```npm i glint@{{latestVersion}}``` installs it.\n\nThe latest is {{latestVerison}}.\n', en, place);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(['7:15 unknown variable {{latestVerison}}']);
  });

  it('counts columns in characters on Chinese lines', () => {
    const [d] = substituteVariables('最新版本：{{latestVersoin}}', zh, { file: 'content/zh-Hans/docs/log/v11.md', line: 12 }).diagnostics;
    expect([d.line, d.column, d.hint]).toEqual([12, 6, 'did you mean {{latestVersion}}? (variables are set in site.config.ts)']);
  });

  it('says how to define a name that is not close to any', () => {
    const [d] = substituteVariables('{{downloadCount}}', en, place).diagnostics;
    expect(d.message).toBe('unknown variable {{downloadCount}}');
    expect(d.hint).toBe('define it under "variables" in site.config.ts, or write \\{{ for a literal {{');
  });

  it('reports each unknown name', () => {
    const result = substituteVariables('{{a1}} {{product}}\n{{b2}}', en, place);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(['5:1 unknown variable {{a1}}', '6:1 unknown variable {{b2}}']);
    expect(result.text).toBe('{{a1}} Glint\n{{b2}}');
  });

  it('does not report an escaped unknown name', () => {
    expect(substituteVariables('\\{{version}}', en, place)).toEqual({ text: '{{version}}', diagnostics: [] });
  });

  // The dev server substitutes every page again on each edit: what was substituted before is remembered, by the variables it was made with.
  it('gives the same text the second time, and the new value once the config changes', () => {
    const text = 'Welcome to {{product}}, again.';
    expect(substituteVariables(text, en, place).text).toBe('Welcome to Glint, again.');
    expect(substituteVariables(text, en, place).text).toBe('Welcome to Glint, again.');
    expect(variablesFor(config, 'en')).toBe(en);
    const renamed = { ...config, variables: { ...config.variables, product: { 'zh-Hans': '灵译', en: 'Glint Pro' } } };
    expect(substituteVariables(text, variablesFor(renamed, 'en'), place).text).toBe('Welcome to Glint Pro, again.');
  });

  it('reports an unknown name every time, at the place it is given', () => {
    const text = 'Use {{prodcut}}.';
    expect(substituteVariables(text, en, place).diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual(['content/en/docs/guides/summary.md:5']);
    expect(substituteVariables(text, en, { file: 'content/en/docs/b.md', line: 9 }).diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual(['content/en/docs/b.md:9']);
  });
});
