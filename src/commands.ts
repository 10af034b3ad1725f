import type { Command } from 'commander';
import type { CliIO } from './cli.js';
import { shownName } from './diagnostics.js';

/** Commands other than `build`, each loaded only when run. */
export function registerCommands(program: Command, io: CliIO, setExit: (code: number) => void): void {
  program
    .command('check-links')
    .description('check a built site for broken links, anchors and images without rebuilding (for CI)')
    .option('--dir <dir>', 'built site to check (default: the configured output folder)')
    .option('--config <file>', 'config file', 'site.config.ts')
    .option('--external', 'also check external links (needs network)')
    .option('--concurrency <n>', 'parallel requests', '16')
    .option('--timeout <ms>', 'time limit per request', '10000')
    .option('--retry <n>', 'retries of a failed request', '1')
    .option('--format <format>', 'text, json or github (annotations)', 'text')
    .action(async (opts) => {
      const { runCheckLinks } = await import('./links/checkLinksCommand.js');
      setExit(await runCheckLinks(opts, io));
    });

  program
    .command('init')
    .description('write a new bilingual site (config, docs, sidebar, a blog post) into a folder; overwrites nothing')
    .argument('[dir]', 'folder of the new site (made if missing)', '.')
    .option('--title <title>', 'the site\'s title, for every locale (default: one per locale)')
    .action(async (dir: string, opts: { title?: string }) => {
      const { initSite } = await import('./init/initSite.js');
      const site = await initSite(dir, opts);
      for (const file of site.files) io.out(`created ${shownName(file)}\n`);
      for (const file of site.updated) io.out(`updated ${shownName(file)}\n`);
      // A name the shell cannot take bare is quoted; one with a line break or an escape is written as bash's $'…' (JSON's escapes).
      const quoted = /[\u0000-\u001f\u007f-\u009f]/.test(site.dir) ? `$'${JSON.stringify(site.dir).slice(1, -1).replace(/'/g, "\\'")}'` : `'${site.dir.replace(/'/g, "'\\''")}'`;
      const cd = site.dir === '.' ? [] : [`  cd ${/^[\w./-]+$/.test(site.dir) ? site.dir : quoted}`];
      io.out(['', 'next:', ...cd, '  sitegen serve    preview the site at http://127.0.0.1:3000/ while you write', '  sitegen build    write it to dist/, for any static file server', ''].join('\n'));
    });

  program
    .command('theme')
    .description("copy files of sitegen's theme into the project's theme/ folder, to change them there")
    .command('eject')
    .description("copy a component or file of sitegen's theme into theme/ at the same path, where it replaces sitegen's (overwrites nothing); with no argument, list them")
    .argument('[component]', 'a component (Footer), or a folder or file of the theme (components/Footer, styles/global.css)')
    .option('--config <file>', 'config file', 'site.config.ts')
    .action(async (component: string | undefined, opts: { config: string }) => {
      const [{ ejectTheme, ejectableList }, { loadConfig }] = await Promise.all([import('./theme/ejectTheme.js'), import('./config/loadConfig.js')]);
      const config = await loadConfig({ configFile: opts.config });
      if (component === undefined) return void io.out(ejectableList(config));
      for (const file of await ejectTheme(config, component)) io.out(`created ${shownName(file)}\n`);
      io.out("next: edit it; sitegen build and sitegen serve use it in place of sitegen's\n");
    });

  program
    .command('docs')
    .description('manage docs versions')
    .command('version')
    .description("freeze the current docs as a version: copy every locale's docs/ to versioned_docs/version-<name>/ and sidebars.yaml to versioned_sidebars/, and put the name first in versions.json")
    .argument('<name>', 'the version\'s name, such as 11.x (letters, digits, ".", "_" and "-")')
    .option('--config <file>', 'config file', 'site.config.ts')
    .action(async (name: string, opts: { config: string }) => {
      const [{ versionDocs }, { loadConfig }] = await Promise.all([import('./routes/docsVersionCommand.js'), import('./config/loadConfig.js')]);
      for (const file of versionDocs(await loadConfig({ configFile: opts.config }), name)) io.out(`${file.updated ? 'updated' : 'created'} ${shownName(file.path)}\n`);
    });

  const create = program.command('new').description('create a content file with valid front matter');
  create
    .command('post')
    .description('write content/<locale>/blog/<date>-<slug>.md, a post with its front matter filled in')
    .argument('<title>', 'post title')
    .option('--locale <code>', 'locale (default: the default locale)')
    .option('--tags <tags>', 'comma-separated tag keys declared in the config or the blog\'s tags.yml')
    .option('--author <keys>', 'comma-separated author keys declared in the config or the blog\'s authors.yml (default: the first declared)')
    .option('--description <text>', 'one-sentence description')
    .option('--slug <slug>', 'the address\'s last part (default: from the title); a translation gives its original\'s')
    .option('--date <YYYY-MM-DD>', 'publication date (default: today); a translation gives its original\'s')
    .option('--config <file>', 'config file', 'site.config.ts')
    .action(async (title: string, opts) => {
      const [{ scaffoldPost }, { loadConfig }] = await Promise.all([import('./content/scaffold.js'), import('./config/loadConfig.js')]);
      io.out(`created ${shownName(await scaffoldPost(await loadConfig({ configFile: opts.config }), { title, ...opts }))}\n`);
    });
  create
    .command('doc')
    .description('write content/<locale>/docs/<id>.md, a doc with its front matter filled in')
    .argument('<id>', 'doc id, the path under docs/ without .md (guides/card)')
    .option('--locale <code>', 'locale (default: the default locale)')
    .option('--title <title>', 'title (default: from the id)')
    .option('--config <file>', 'config file', 'site.config.ts')
    .action(async (id: string, opts) => {
      const [{ scaffoldDoc }, { loadConfig }] = await Promise.all([import('./content/scaffold.js'), import('./config/loadConfig.js')]);
      io.out(`created ${shownName(await scaffoldDoc(await loadConfig({ configFile: opts.config }), id, opts))}\n`);
    });

  program
    .command('search')
    .description('query the built search index')
    .argument('<query>', 'what to look for')
    .option('--locale <code>', 'locale to search (default: the default locale)')
    .option('--json', 'print JSON')
    .option('--limit <n>', 'results to print', '20')
    .option('--version <name>', 'docs version to search (default: the one at /docs/)')
    .option('--dir <dir>', 'built site (default: the configured output folder)')
    .option('--config <file>', 'config file', 'site.config.ts')
    .action(async (query: string, opts) => {
      const [{ runSearch, versionIndexFile }, { loadConfig }, { usageError }] = await Promise.all([import('./search/searchCommand.js'), import('./config/loadConfig.js'), import('./diagnostics.js')]);
      if (!query.trim()) throw usageError(`search ${JSON.stringify(query)}`, 'the query is empty', 'sitegen search "api key"');
      const config = await loadConfig({ configFile: opts.config });
      const locale = (await import('./config/localeFlag.js')).localeFlag(config, opts.locale ?? config.defaultLocale);
      if (!/^\s*\d+\s*$/.test(opts.limit) || Number(opts.limit) < 1) throw usageError(`--limit ${opts.limit}`, 'the limit must be a whole number from 1 up', 'for example --limit 5');
      const indexFile = opts.version === undefined ? undefined : await versionIndexFile(config, opts.version);
      const result = await runSearch({ dir: opts.dir ?? config.outDir, localePath: locale.path, query, json: Boolean(opts.json), limit: Number(opts.limit), indexFile, others: config.locales.map((l) => ({ code: l.code, path: l.path })) });
      (result.exitCode === 0 ? io.out : io.err)(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
      setExit(result.exitCode);
    });

  program
    .command('serve')
    .description('serve the site with live reload while you edit (every locale it has)')
    .option('--port <port>', 'port to listen on', '3000')
    .option('--host <host>', 'interface to bind (127.0.0.1 keeps it on this machine)', '127.0.0.1')
    .option('--strict-port', 'exit instead of moving to the next free port')
    .option('--open', 'open the site in the browser')
    .option('--no-watch', 'serve without watching for changes')
    .option('--config <file>', 'config file', 'site.config.ts')
    .action(async (opts) => {
      const { runServe } = await import('./serve/runServe.js');
      setExit(await runServe(opts, io));
    });
}
