import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitStamp, loadGitDates } from '../../../src/content/lastUpdated.js';

const scratch = mkdtempSync(join(tmpdir(), 'sitegen-git-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs git in `cwd` with a fixed identity, committing at `date` when one is given. */
function git(cwd: string, args: string[], date = '2024-01-01T00:00:00Z'): string {
  const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  return execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], { cwd, env, encoding: 'utf8' });
}

function commitFile(repo: string, path: string, text: string, date: string): void {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', path], date);
}

/** Runs `body` with no `git` on the PATH: whatever it gets must come without running git. */
async function withoutGit<T>(body: () => Promise<T>): Promise<T> {
  const path = process.env.PATH;
  process.env.PATH = join(scratch, 'no-bin');
  try {
    return await body();
  } finally {
    process.env.PATH = path;
  }
}

describe('loadGitDates', () => {
  // A project in a subfolder of its repository, as a docs site beside an extension's code would be.
  const repo = join(scratch, 'repo');
  const root = join(repo, 'site');
  const content = join(root, 'content');
  const cache = join(root, '.sitegen-cache');
  mkdirSync(repo, { recursive: true });
  git(repo, ['init', '-q']);
  commitFile(repo, 'site/content/en/docs/a.md', 'a', '2024-01-02T03:04:05Z');
  commitFile(repo, 'site/content/en/docs/b.md', 'b', '2024-02-03T04:05:06Z');
  commitFile(repo, 'README.md', 'outside the content folder', '2024-03-01T00:00:00Z');

  it('gives each content file the time of the last commit that touched it, by project-relative path', async () => {
    const { dates, warning } = await loadGitDates(root, content, null);
    expect(Object.fromEntries(dates)).toEqual({ 'content/en/docs/a.md': '2024-01-02T03:04:05.000Z', 'content/en/docs/b.md': '2024-02-03T04:05:06.000Z' });
    expect(warning).toBeNull();
  });

  it('keeps the dates in the build cache under the commit: a rebuild on it runs no git, a new commit does', async () => {
    const first = await loadGitDates(root, content, cache);
    expect(await withoutGit(() => loadGitDates(root, content, cache))).toEqual(first);
    commitFile(repo, 'site/content/en/docs/a.md', 'a, edited', '2024-04-05T06:07:08Z');
    const next = await loadGitDates(root, content, cache);
    expect(next.dates.get('content/en/docs/a.md')).toBe('2024-04-05T06:07:08.000Z');
    expect(next.dates.get('content/en/docs/b.md')).toBe('2024-02-03T04:05:06.000Z');
    // Branch refs packed into packed-refs, or HEAD detached at the commit: the same commit, no git run.
    git(repo, ['pack-refs', '--all']);
    expect(await withoutGit(() => loadGitDates(root, content, cache))).toEqual(next);
    git(repo, ['checkout', '-q', '--detach']);
    expect(await withoutGit(() => loadGitDates(root, content, cache))).toEqual(next);
    git(repo, ['checkout', '-q', 'main']);
  });

  it('finds no dates and runs no git for a project outside any repository', async () => {
    const alone = join(scratch, 'alone');
    mkdirSync(join(alone, 'content'), { recursive: true });
    expect(await withoutGit(() => loadGitDates(alone, join(alone, 'content'), null))).toEqual({ dates: new Map(), warning: null });
  });

  it("reads a worktree's and a submodule's `.git` file: dates kept under their commit, no git run on the same commit", async () => {
    const tree = join(scratch, 'tree');
    git(repo, ['worktree', 'add', '-q', '-b', 'side', tree]);
    const treeRoot = join(tree, 'site');
    const first = await loadGitDates(treeRoot, join(treeRoot, 'content'), join(treeRoot, '.sitegen-cache'));
    expect(first.dates.get('content/en/docs/a.md')).toBe('2024-04-05T06:07:08.000Z');
    expect(await withoutGit(() => loadGitDates(treeRoot, join(treeRoot, 'content'), join(treeRoot, '.sitegen-cache')))).toEqual(first);
    // A commit in the worktree moves its branch (in the main repository's refs): the stamp the dev server watches changes.
    const before = gitStamp(treeRoot);
    expect(before).toMatch(/:[0-9a-f]{40}:$/);
    commitFile(tree, 'site/content/en/docs/b.md', 'b, edited in the worktree', '2024-05-06T07:08:09Z');
    expect(gitStamp(treeRoot)).not.toBe(before);
    expect((await loadGitDates(treeRoot, join(treeRoot, 'content'), join(treeRoot, '.sitegen-cache'))).dates.get('content/en/docs/b.md')).toBe('2024-05-06T07:08:09.000Z');

    const parent = join(scratch, 'parent');
    mkdirSync(parent);
    git(parent, ['init', '-q']);
    git(parent, ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', `file://${repo}`, 'docs']);
    const subRoot = join(parent, 'docs/site');
    const sub = await loadGitDates(subRoot, join(subRoot, 'content'), join(subRoot, '.sitegen-cache'));
    expect(sub.dates.get('content/en/docs/a.md')).toBe('2024-04-05T06:07:08.000Z');
    expect(await withoutGit(() => loadGitDates(subRoot, join(subRoot, 'content'), join(subRoot, '.sitegen-cache')))).toEqual(sub);
    expect(gitStamp(subRoot)).toMatch(/:[0-9a-f]{40}:$/);
  });

  it('warns that a shallow clone has the dates of the clone', async () => {
    const clone = join(scratch, 'clone');
    git(scratch, ['clone', '-q', '--depth', '1', `file://${repo}`, clone]);
    const { dates, warning } = await loadGitDates(join(clone, 'site'), join(clone, 'site/content'), join(clone, 'site/.sitegen-cache'));
    expect(warning).toMatch(/shallow git clone/);
    expect(dates.get('content/en/docs/b.md')).toBe('2024-04-05T06:07:08.000Z');
  });
});
