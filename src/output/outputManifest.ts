import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listFiles } from '../files.js';
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
 */
export async function loadManifest(file: string, outDir: string): Promise<OutputManifest | null> {
  let manifest: OutputManifest;
  try {
    manifest = parseCacheFile(await readFile(file, 'utf8')) as OutputManifest;
  } catch {
    return null;
  }
  if (manifest?.toolchain !== TOOLCHAIN || manifest.outDir !== outDir || typeof manifest.files !== 'object') return null;
  const folders = new Set<string>();
  let other = false;
  const present = statFiles(outDir, { folders, other: () => (other = true) });
  const listed = Object.keys(manifest.files);
  if (other || present.size !== listed.length || !foldersOf(listed, folders)) return null;
  for (const path of listed) {
    const entry = manifest.files[path];
    const stat = present.get(path);
    if (!Array.isArray(entry) || !stat || entry[1] !== stat[0] || entry[2] !== stat[1] || entry[3] !== stat[2]) return null;
  }
  return manifest;
}

/**
 * Size, time and inode of every file under `dir`, by relative path (an empty map for no folder). `seen`: receives
 * every folder's path, and is told of anything that is neither a file nor a folder (a link, a named pipe).
 */
export function statFiles(dir: string, seen?: { folders: Set<string>; other: () => void }): Map<string, FileStat> {
  const keep = seen && ((_name: string, isDirectory: boolean, path: string) => (isDirectory && seen.folders.add(path), true));
  return new Map(listFiles(dir, keep, seen && { onLink: seen.other, onSpecial: seen.other }).map((f) => [f.path, [f.size, f.mtimeMs, f.ino]]));
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
