import { Parser } from 'htmlparser2';

/** A URL found in a page. */
export interface FoundLink {
  url: string;
  kind: 'link' | 'image' | 'asset';
  /** True when it sits inside a `[data-sg-html]` block (page content, not the layout). */
  inContent: boolean;
}

export interface ScannedPage {
  /** Every `id` and `<a name>` of the page. */
  ids: Set<string>;
  links: FoundLink[];
}

const LINK_RELS = new Set(['stylesheet', 'icon', 'modulepreload', 'preload', 'manifest']);

/** One streaming pass over a page: its anchors and every URL it references. */
export function scanHtml(html: string): ScannedPage {
  const ids = new Set<string>();
  const links: FoundLink[] = [];
  const contentDepth: number[] = [];
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        depth++;
        if (attrs['data-sg-html'] !== undefined) contentDepth.push(depth);
        const inContent = contentDepth.length > 0;
        if (attrs.id) ids.add(attrs.id);
        if (name === 'a' && attrs.name) ids.add(attrs.name);
        const add = (url: string | undefined, kind: FoundLink['kind']) => {
          if (url !== undefined) links.push({ url: url.trim(), kind, inContent });
        };
        if (name === 'a' || name === 'area') add(attrs.href, 'link');
        else if (name === 'img' || name === 'source') {
          add(attrs.src, 'image');
          for (const candidate of parseSrcset(attrs.srcset)) add(candidate, 'image');
        } else if (name === 'link' && attrs.rel && attrs.rel.split(/\s+/).some((r) => LINK_RELS.has(r))) add(attrs.href, 'asset');
        else if (name === 'script' || name === 'iframe') add(attrs.src, name === 'iframe' ? 'link' : 'asset');
      },
      onclosetag() {
        if (contentDepth[contentDepth.length - 1] === depth) contentDepth.pop();
        depth--;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { ids, links };
}

/**
 * URLs of a `srcset` (`a.png 1x, b.png 2x`), as the HTML parser reads it: a URL runs to the next
 * whitespace (trailing commas end it), its descriptors to the next comma, so `a.png 1x,b.png 2x`
 * (minified, no space) has two candidates and a comma inside a URL stays in it.
 */
export function parseSrcset(srcset: string | undefined): string[] {
  if (!srcset) return [];
  const urls: string[] = [];
  let pos = 0;
  while (pos < srcset.length) {
    while (pos < srcset.length && /[\s,]/.test(srcset[pos]!)) pos++;
    const start = pos;
    while (pos < srcset.length && !/\s/.test(srcset[pos]!)) pos++;
    let url = srcset.slice(start, pos);
    const bare = url.replace(/,+$/, '');
    if (bare !== url) url = bare;
    else {
      // Descriptors (`1x`, `300w`) up to the comma that ends the candidate.
      let depth = 0;
      while (pos < srcset.length && (srcset[pos] !== ',' || depth > 0)) {
        if (srcset[pos] === '(') depth++;
        else if (srcset[pos] === ')') depth = Math.max(0, depth - 1);
        pos++;
      }
    }
    if (url) urls.push(url);
  }
  return urls;
}
