import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface GitDates {
  /** Project-relative path → ISO time of the last commit that touched it. */
  dates: Map<string, string>;
  /** Set when dates cannot be trusted (shallow clone) or git is unavailable. */
  warning: string | null;
}

/** One `git log` over the whole content folder gives every file's last commit time. */
export async function loadGitDates(root: string, contentDir: string): Promise<GitDates> {
  const dates = new Map<string, string>();
  try {
    const top = (await run('git', ['rev-parse', '--show-toplevel'], { cwd: root })).stdout.trim();
    const shallow = (await run('git', ['rev-parse', '--is-shallow-repository'], { cwd: root })).stdout.trim() === 'true';
    const { stdout } = await run('git', ['-c', 'core.quotepath=off', 'log', '--format=%ct', '--name-only', '--no-renames', '--', contentDir], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
    });
    const prefix = root === top ? '' : relativePrefix(top, root);
    let time = '';
    for (const line of stdout.split('\n')) {
      if (/^\d+$/.test(line)) time = new Date(Number(line) * 1000).toISOString();
      else if (line && time) {
        const path = prefix && line.startsWith(prefix) ? line.slice(prefix.length) : line;
        if (!dates.has(path)) dates.set(path, time);
      }
    }
    return { dates, warning: shallow ? 'this is a shallow git clone: last-updated dates are those of the clone, not of the real history (fetch with --depth 0 / fetch-depth: 0)' : null };
  } catch {
    return { dates, warning: null };
  }
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
