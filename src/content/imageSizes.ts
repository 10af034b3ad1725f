// The width and height of a page's images, written on their <img> tags: the browser keeps their room
// before they load (lazy images below the fold load as the reader scrolls), so nothing moves, and a
// link to an anchor below them lands where it points instead of an image's height further down.
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { lazyRequire } from '../lazyRequire.js';
import type { MarkdownResult } from './markdown.js';

// Read by `require` when the first page with an image is sized (src/lazyRequire.ts).
const loadImageSize = lazyRequire<typeof import('image-size')>('image-size');

type Size = { width: number; height: number } | null;

/** The markdown stage's own image tag (`image` in markdown.ts): an author's raw `<img>` is left as written. */
const IMAGE_RE = /<img src="([^"]*)" alt="[^"]*"(?: title="[^"]*")? (?=loading="lazy")/g;

/** Sizes kept by file, with the stamp they were read at: a long-running process sees an image change. */
export type ImageSizeMemo = Map<string, { stamp: string; size: Size }>;

/**
 * `rendered` with `width` and `height` on each image of the markdown that is a file of the static
 * folder (`staticDir`, served at `baseUrl`), resolved from the page's URL path; the same object when
 * there are none. Images elsewhere (another site, a file that is not there: the link check's) and
 * files that are not images are left without.
 */
export function withImageSizes(rendered: MarkdownResult['rendered'], pagePath: string, site: ImageSite, memo: ImageSizeMemo): MarkdownResult['rendered'] {
  if (!rendered.html.includes('<img src="')) return rendered;
  const sized = (html: string) =>
    html.replace(IMAGE_RE, (tag, src: string) => {
      const file = staticFileOf(src, pagePath, site);
      const size = file === null ? null : sizeOf(file, memo);
      return size ? `${tag}width="${size.width}" height="${size.height}" ` : tag;
    });
  const html = sized(rendered.html);
  // A post's excerpt (the part before `<!-- truncate -->`, shown in the blog's lists) holds the same images.
  const excerptHtml = rendered.excerptHtml?.includes('<img src="') ? sized(rendered.excerptHtml) : rendered.excerptHtml;
  return html === rendered.html && excerptHtml === rendered.excerptHtml ? rendered : { ...rendered, html, excerptHtml };
}

/** Where a site's images are: the static folder, served at `baseUrl`, and the files beside the pages, by output path. */
export interface ImageSite {
  staticDir: string;
  baseUrl: string;
  assets?: Map<string, { source: string }>;
}

function staticFileOf(src: string, pagePath: string, site: ImageSite): string | null {
  let path: string;
  try {
    const url = new URL(src.replace(/&amp;/g, '&').replace(/&quot;/g, '"'), `http://site.invalid${pagePath}`);
    if (url.host !== 'site.invalid') return null;
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (!path.startsWith(site.baseUrl)) return null;
  const beside = site.assets?.get(path.slice(site.baseUrl.length).normalize('NFC'));
  if (beside) return beside.source;
  const file = join(site.staticDir, path.slice(site.baseUrl.length));
  const inside = relative(site.staticDir, file);
  return inside && !inside.startsWith(`..${sep}`) && inside !== '..' ? file : null;
}

function sizeOf(file: string, memo: ImageSizeMemo): Size {
  let stamp: string;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return null;
    stamp = `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return null;
  }
  const known = memo.get(file);
  if (known?.stamp === stamp) return known.size;
  let size: Size = null;
  try {
    const { width, height, orientation } = readSize(file);
    // A photo turned by its EXIF orientation (5–8) shows with its sides swapped.
    if (width > 0 && height > 0) size = orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    // not an image this reader knows (or a damaged one): shown without a size, as before
  }
  memo.set(file, { stamp, size });
  return size;
}

/** How much of an image is read for its size: its header, and a JPEG's metadata before the frame's. */
const HEAD_BYTES = 512 * 1024;

/** The size from the file's head (a 5 MB photo is not read whole), else from the whole file. */
function readSize(file: string): ReturnType<typeof import('image-size').imageSize> {
  const { imageSize } = loadImageSize();
  const fd = openSync(file, 'r');
  let head: Buffer;
  let whole: boolean;
  try {
    const buffer = Buffer.alloc(Math.min(HEAD_BYTES, fstatSync(fd).size));
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, read);
    whole = read < HEAD_BYTES;
  } finally {
    closeSync(fd);
  }
  try {
    return imageSize(head);
  } catch (error) {
    if (whole) throw error;
    return imageSize(readFileSync(file));
  }
}
