/**
 * The page path of a content file (`guides/a.mdx` → `guides/a.md`): an `.mdx` file is the page its `.md` name
 * would be, at the same address, paired with a translation of either name, and linked to by either
 * (`links.ts`). The file itself keeps its name (`ContentFile.file`).
 */
export function pagePath(path: string): string {
  return path.endsWith('.mdx') ? path.slice(0, -1) : path;
}
