import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { loadPackCache } from '../cache/packCache.js';

const run = promisify(execFile);

export interface GitDates {
  /** Project-relative path → ISO time of the last commit that touched it. */
  dates: Map<string, string>;
  /** Set when dates cannot be trusted (shallow clone) or git is unavailable. */
  warning: string | null;
}

const SHALLOW_WARNING = 'this is a shallow git clone: last-updated dates are those of the clone, not of the real history (fetch with --depth 0 / fetch-depth: 0)';
const SHA_RE = /^[0-9a-f]{40,64}$/;

/** What the `.git` folder above a project says without running git. */
interface Repository {
  /** The work tree's top folder and the project root's path under it (`''`, or `site/`). */
  top: string;
  prefix: string;
  /** The commit HEAD names (null: not found in the files, as in an unborn branch). */
  head: string | null;
  /** The shallow clone's boundary commits (null: a full clone). */
  shallow: string | null;
}

/**
 * One `git log` over the whole content folder gives every file's last commit time. The log is a
 * function of the commit HEAD names (and a shallow clone's boundary), so with a build cache its result
 * is kept under those and a rebuild on the same commit runs no git at all; a project that is not in a
 * git work tree runs none either. Each `git` run costs this thread 15-20 ms (the fork of a big
 * process) on top of git's own time. A repository this cannot read (`.git` as a file, as in a
 * worktree or submodule; `GIT_DIR` set) is asked with `git rev-parse` as before.
 */
export async function loadGitDates(root: string, contentDir: string, cacheDir: string | null = null): Promise<GitDates> {
  const simple = !process.env.GIT_DIR && !process.env.GIT_WORK_TREE;
  try {
    const repository = simple ? findRepository(root) : undefined;
    if (repository === null) return { dates: new Map(), warning: null };
    const { top, prefix, head, shallow } = repository ?? (await askGit(root));
    const warning = shallow === null ? null : SHALLOW_WARNING;
    const cache = head ? await loadPackCache(cacheDir, 'git-dates-v1', isDateList) : null;
    const key = cache?.key(head!, shallow ?? '', top, prefix, relative(root, contentDir));
    const known = key === undefined ? undefined : cache!.get(key);
    if (known) {
      await cache!.save();
      return { dates: new Map(known), warning };
    }
    const dates = await logDates(root, contentDir, prefix);
    if (key !== undefined) {
      cache!.set(key, [...dates]);
      await cache!.save();
    }
    return { dates, warning };
  } catch {
    return { dates: new Map(), warning: null };
  }
}

async function logDates(root: string, contentDir: string, prefix: string): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  const { stdout } = await run('git', ['-c', 'core.quotepath=off', 'log', '--format=%ct', '--name-only', '--no-renames', '--', contentDir], { cwd: root, maxBuffer: 256 * 1024 * 1024 });
  let time = '';
  for (const line of stdout.split('\n')) {
    if (/^\d+$/.test(line)) time = new Date(Number(line) * 1000).toISOString();
    else if (line && time) {
      const path = prefix && line.startsWith(prefix) ? line.slice(prefix.length) : line;
      if (!dates.has(path)) dates.set(path, time);
    }
  }
  return dates;
}

function isDateList(value: unknown): value is [string, string][] {
  return Array.isArray(value) && value.every((e) => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'string');
}

/**
 * What the git dates of `root` depend on, read from `.git` without running git: the commit HEAD names
 * and the shallow boundary (a long-running process loads the dates again when it changes: a commit, a
 * branch switch). `null`: no repository; `'git'` when git itself must be asked (GIT_DIR set, a `.git` file that names no git folder).
 */
export function gitStamp(root: string): string | null {
  if (process.env.GIT_DIR || process.env.GIT_WORK_TREE) return 'git';
  try {
    const repository = findRepository(root);
    return repository === undefined ? 'git' : repository && `${repository.top}:${repository.head}:${repository.shallow ?? ''}`;
  } catch {
    return null;
  }
}

/**
 * The repository above `root` from its `.git` folder, or from the folder a `.git` file names (a
 * worktree's `gitdir: …/.git/worktrees/x`, whose branches are in the main repository's folder that
 * its `commondir` names; a submodule's `gitdir: ../.git/modules/x`). null: none (git would fail);
 * undefined: ask git (a `.git` file this cannot follow).
 */
function findRepository(root: string): Repository | null | undefined {
  for (let dir = root, prefix = ''; ; ) {
    const dotGit = join(dir, '.git');
    const stat = statSync(dotGit, { throwIfNoEntry: false });
    if (stat) {
      const gitDir = stat.isDirectory() ? dotGit : linkedGitDir(dir, dotGit);
      if (!gitDir) return undefined;
      const common = readText(join(gitDir, 'commondir'))?.trim();
      const commonDir = common ? resolve(gitDir, common) : gitDir;
      return { top: dir, prefix, head: headCommit(gitDir, commonDir), shallow: readText(join(commonDir, 'shallow')) };
    }
    const parent = dirname(dir);
    if (parent === dir) return null;
    prefix = `${basename(dir)}/${prefix}`;
    dir = parent;
  }
}

/** The git folder a `.git` file points to (`gitdir: <path>`, relative to the file's folder), if it is one. */
function linkedGitDir(dir: string, dotGit: string): string | null {
  const path = /^gitdir: (.+)$/m.exec(readText(dotGit) ?? '')?.[1]?.trim();
  if (!path) return null;
  const gitDir = resolve(dir, path);
  return statSync(join(gitDir, 'HEAD'), { throwIfNoEntry: false })?.isFile() ? gitDir : null;
}

/**
 * The commit HEAD names: itself when detached, else its branch's from the loose or packed refs (a
 * worktree has its own HEAD, and shares the branches of the repository's common folder).
 */
function headCommit(gitDir: string, commonDir = gitDir): string | null {
  const head = readText(join(gitDir, 'HEAD'))?.trim() ?? '';
  if (SHA_RE.test(head)) return head;
  const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
  if (!ref) return null;
  const loose = readText(join(commonDir, ref))?.trim();
  if (loose && SHA_RE.test(loose)) return loose;
  for (const line of (readText(join(commonDir, 'packed-refs')) ?? '').split('\n')) {
    const [sha, name] = line.split(' ');
    if (name === ref && sha && SHA_RE.test(sha)) return sha;
  }
  return null;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The same from git itself, in one run (the commit is not looked up: such a repository is not cached). */
async function askGit(root: string): Promise<Repository> {
  const [top = '', shallow] = (await run('git', ['rev-parse', '--show-toplevel', '--is-shallow-repository'], { cwd: root })).stdout.trim().split('\n');
  return { top, prefix: relativePrefix(top, root), head: null, shallow: shallow === 'true' ? '' : null };
}

function relativePrefix(top: string, root: string): string {
  const rel = root.slice(top.length).replace(/^[\\/]/, '').split('\\').join('/');
  return rel ? `${rel}/` : '';
}

/** Front matter `last_update` wins, then git, then the file's modification time. */
export function lastUpdatedOf(file: string, frontMatterValue: string | undefined, git: GitDates, mtimeMs: number): string | null {
  if (frontMatterValue) return frontMatterValue;
  return git.dates.get(file) ?? (mtimeMs > 0 ? new Date(mtimeMs).toISOString() : null);
}
