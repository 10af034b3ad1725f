import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { statFolder, type FolderStat } from '../files.js';
import { parseCacheFile, TOOLCHAIN, writeCacheFile } from '../cache/diskCache.js';
import type { OutputFile } from '../types.js';
import { sha1 } from '../hash.js';

/**
 * What a build left in its output folder: for each file, what produced it (`tag`) and the size, time
 * and inode it had when written. A build whose files have the same tags need not write them again,
 * as long as the folder still holds exactly these files, untouched.
 */
export interface OutputManifest {
  toolchain: string;
  outDir: string;
  files: Record<string, ManifestEntry>;
}

/** A file's tag, then the size, modification time and inode it was left with. */
export type ManifestEntry = [tag: string, size: number, mtimeMs: number, ino: number];

/** Size, modification time and inode of a file. */
export type FileStat = [size: number, mtimeMs: number, ino: number];

/** Where the manifest of an output folder is kept in the build cache. */
export function manifestFileOf(cacheDir: string, outDir: string): string {
  return join(cacheDir, 'output', `${sha1(outDir).slice(0, 12)}.json`);
}

/** A generated file's tag: the one its producer gave it (a cache key), or a hash of its contents. */
export function tagOf(file: OutputFile): string {
  return file.tag ?? sha1(file.contents, 'base64url');
}

/**
 * A static file's tag: its source's size, time and change time (the copy gets times of its own). The change time
 * tells a file rewritten with its size and time kept (`touch -r`, `tar --mtime`, `rsync -a` from another copy),
 * which nothing but reading it would otherwise.
 */
export function staticTag(size: number, mtimeMs: number, ctimeMs: number): string {
  return `${STATIC_TAG}${size}:${mtimeMs}:${ctimeMs}`;
}

/** How a static file's tag starts (a generated file's is a hash). */
export const STATIC_TAG = 'static:';

/**
 * The manifest of `outDir`, if the folder still holds exactly the files it lists with the sizes,
 * times and inodes they were left with, and nothing else (no link, no folder without one of them); null otherwise (no manifest, another sitegen, a folder that
 * something else wrote to, a build killed while it replaced files), and the build writes everything.
 * `walk`, when given, lists the folder in another thread (a warm build's worker thread, which waits for the
 * changed pages meanwhile): it is asked at once, while the manifest is read. Without it the folder is listed
 * here once the manifest is read, when this thread gets to it (a cold build's is idle while its threads render).
 */
export async function loadManifest(file: string, outDir: string, walk?: (dir: string) => Promise<FolderStat>): Promise<OutputManifest | null> {
  const listing = walk && existsSync(file) ? walk(outDir) : null;
  listing?.catch(() => undefined); // awaited below, unless the manifest is not this folder's
  let manifest: OutputManifest;
  try {
    manifest = parseCacheFile(await readFile(file, 'utf8')) as OutputManifest;
  } catch {
    return null;
  }
  if (manifest?.toolchain !== TOOLCHAIN || manifest.outDir !== outDir || typeof manifest.files !== 'object') return null;
  const { files, folders, other } = listing ? await listing : statFolder(outDir);
  const listed = Object.keys(manifest.files);
  if (other || files.length !== listed.length || !foldersOf(listed, new Set(folders))) return null;
  for (const [path, size, mtimeMs, ino] of files) {
    const entry = Object.hasOwn(manifest.files, path) ? manifest.files[path] : undefined;
    if (!Array.isArray(entry) || entry[1] !== size || entry[2] !== mtimeMs || entry[3] !== ino) return null;
  }
  return manifest;
}

/** Whether every folder present holds a listed file (an empty folder, or one of links only, was made by something else). */
function foldersOf(listed: string[], folders: Set<string>): boolean {
  const needed = new Set<string>();
  for (const path of listed) for (let cut = path.lastIndexOf('/'); cut > 0 && !needed.has(path.slice(0, cut)); cut = path.lastIndexOf('/', cut - 1)) needed.add(path.slice(0, cut));
  for (const folder of folders) if (!needed.has(folder)) return false;
  return true;
}

export function saveManifest(file: string, outDir: string, files: Record<string, ManifestEntry>): Promise<void> {
  return writeCacheFile(file, { toolchain: TOOLCHAIN, outDir, files } satisfies OutputManifest);
}
