import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../types.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

export type ReadResult =
  | { ok: true; text: string; bytes: Uint8Array }
  | { ok: false; line: number; column: number; byte: number; unreadable?: undefined; nul?: true }
  /** The file could not be read at all (permissions, a folder in its place): why, in words. */
  | { ok: false; unreadable: string };

/** Why a folder cannot be read as a file (`unreadableReason`), told apart by `unreadProblem`. */
const FOLDER = 'it is a folder';

/**
 * The error of a file `readSource` could not take as text: one it cannot read at all (`code`, with
 * `hint`), or bytes that are not UTF-8 (at their line and column).
 */
export function unreadProblem(source: Exclude<ReadResult, { ok: true }>, file: string, code: string, hint: string): Diagnostic {
  // A folder where a file is read (`sidebars.yaml/`): read access would not help.
  if (source.unreadable !== undefined) return { severity: 'error', code, file, message: `the file cannot be read: ${source.unreadable}`, hint: source.unreadable === FOLDER ? 'a file of this name is read here: move the folder away, or rename it' : hint };
  const message = source.nul ? `a NUL byte at byte ${source.byte}: the file looks saved as UTF-16, or is not text` : `invalid UTF-8 at byte ${source.byte}`;
  return { severity: 'error', code: 'encoding', file, line: source.line, column: source.column, message, hint: 'save the file as UTF-8' };
}

/**
 * Reads a file as strict UTF-8; on invalid bytes reports where the first one is. Synchronous: a build
 * reads hundreds of small files on its main thread, which waits for them anyway, and a trip through
 * libuv's thread pool and a promise for each cost 5-10x the reading itself (318 files: 7 ms against
 * 32-50 ms).
 */
export function readSource(path: string): ReadResult {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return { ok: false, unreadable: unreadableReason(error) };
  }
  let nul = -1;
  try {
    const text = decoder.decode(bytes).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    // A NUL is valid UTF-8, but no text file holds one: a file saved as UTF-16 has one in every other byte.
    nul = bytes.indexOf(0);
    if (nul === -1) return { ok: true, text, bytes };
  } catch {
    // told below
  }
  {
    const byte = nul !== -1 ? nul : firstInvalidUtf8(bytes);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < byte; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    // Columns count characters like every other diagnostic (the bytes before `byte` are valid UTF-8).
    const column = new TextDecoder().decode(bytes.subarray(lineStart, byte)).length + 1;
    return nul !== -1 ? { ok: false, line, column, byte, nul: true } : { ok: false, line, column, byte };
  }
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    for (let j = 1; j < length; j++) {
      if (i + j >= bytes.length || (bytes[i + j] & 0xc0) !== 0x80) return i;
    }
    if (length > 1) {
      try {
        decoder.decode(bytes.subarray(i, i + length));
      } catch {
        return i; // overlong forms and surrogates
      }
    }
    i += length;
  }
  return bytes.length;
}

/** Why a file or folder cannot be read, in words (`permission denied`), for a one-line diagnostic. */
export function unreadableReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EISDIR' ? FOLDER : code === 'ELOOP' ? 'a symbolic link loop' : ((error as Error).message ?? String(error));
}
