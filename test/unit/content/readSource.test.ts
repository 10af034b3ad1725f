import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstInvalidUtf8, readSource } from '../../../src/content/readSource.js';

const dir = mkdtempSync(join(tmpdir(), 'sitegen-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let count = 0;
/** Writes bytes to a new file and reads it back through readSource. */
async function read(...parts: (string | number[])[]) {
  const path = join(dir, `f${count++}.md`);
  writeFileSync(path, Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p)))));
  return readSource(path);
}

describe('readSource: valid files', () => {
  it('reads UTF-8 text, Chinese included, and keeps the raw bytes', async () => {
    const result = await read('---\ntitle: 划词翻译\n---\n正文 😀\n');
    expect(result).toMatchObject({ ok: true, text: '---\ntitle: 划词翻译\n---\n正文 😀\n' });
    if (result.ok) expect(Buffer.from(result.bytes).toString('utf8')).toBe('---\ntitle: 划词翻译\n---\n正文 😀\n');
  });

  it('drops a byte order mark', async () => {
    expect(await read([0xef, 0xbb, 0xbf], '---\ntitle: A\n---\n')).toMatchObject({ ok: true, text: '---\ntitle: A\n---\n' });
  });

  it('turns CRLF and lone CR line ends into LF', async () => {
    expect(await read('---\r\ntitle: 卡片\r\n---\r\n第一行\r第二行\r\n')).toMatchObject({ ok: true, text: '---\ntitle: 卡片\n---\n第一行\n第二行\n' });
  });

  it('reads an empty file', async () => {
    expect(await read('')).toMatchObject({ ok: true, text: '' });
  });
});

describe('readSource: invalid bytes', () => {
  it('reports the line and column of the first invalid byte', async () => {
    expect(await read('---\ntitle: A\n---\nline four\nbad: ', [0xff, 0xfe], '\n')).toEqual({ ok: false, line: 5, column: 6, byte: 32 });
  });

  it('counts columns in characters, not bytes, after Chinese text', async () => {
    // "标题：" is 9 bytes but 3 characters: the bad byte is the 4th character of the line.
    expect(await read('第一行\n标题：', [0xc0, 0xaf], '\n')).toMatchObject({ ok: false, line: 2, column: 4, byte: 19 });
  });

  it('counts lines of a CRLF file', async () => {
    expect(await read('a\r\nb\r\nc', [0x80])).toMatchObject({ ok: false, line: 3, column: 2 });
  });

  it('reports a sequence cut off by the end of the file at its first byte', async () => {
    expect(await read('结尾', [0xe5, 0x88])).toEqual({ ok: false, line: 1, column: 3, byte: 6 });
  });

  it('reports a Latin-1 file (é saved as one byte)', async () => {
    expect(await read('Caf', [0xe9], ' crème')).toEqual({ ok: false, line: 1, column: 4, byte: 3 });
  });
});

describe('firstInvalidUtf8', () => {
  const at = (...bytes: number[]) => firstInvalidUtf8(Uint8Array.from(bytes));

  it('returns the length for valid text of every sequence length', () => {
    const bytes = new TextEncoder().encode('a é 划 😀');
    expect(firstInvalidUtf8(bytes)).toBe(bytes.length);
  });

  it('rejects stray continuation bytes and bytes that never start a sequence', () => {
    expect(at(0x61, 0x80)).toBe(1);
    expect(at(0x61, 0x62, 0xff)).toBe(2);
    expect(at(0xf5, 0x80, 0x80, 0x80)).toBe(0);
  });

  it('rejects overlong encodings', () => {
    expect(at(0x61, 0xc0, 0xaf)).toBe(1); // "/" in two bytes
    expect(at(0xc1, 0xbf)).toBe(0);
    expect(at(0x61, 0xe0, 0x80, 0xaf)).toBe(1); // "/" in three bytes
    expect(at(0xf0, 0x80, 0x80, 0xaf)).toBe(0); // "/" in four bytes
  });

  it('rejects UTF-16 surrogates encoded as UTF-8', () => {
    expect(at(0x61, 0xed, 0xa0, 0x80)).toBe(1); // U+D800
    expect(at(0xed, 0xbf, 0xbf)).toBe(0); // U+DFFF
    expect(at(0xed, 0x9f, 0xbf)).toBe(3); // U+D7FF is fine
  });

  it('rejects code points above U+10FFFF', () => {
    expect(at(0xf4, 0x90, 0x80, 0x80)).toBe(0);
    expect(at(0xf4, 0x8f, 0xbf, 0xbf)).toBe(4); // U+10FFFF is fine
  });

  it('rejects a lead byte followed by too few continuation bytes', () => {
    expect(at(0xe5, 0x88, 0x61)).toBe(0);
    expect(at(0x61, 0xf0, 0x9f, 0x98)).toBe(1);
  });
});
