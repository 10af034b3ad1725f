// The lines `sitegen new` writes for the author to replace (src/content/scaffold.ts): a page published
// with one still in it is told (src/content/renderEntries.ts).

/** The summary line of a new post, by whether the locale is Chinese. */
export const POST_SUMMARY = { zh: '在这里写摘要，它会显示在文章列表里。', other: 'Write the summary here; the post list shows it.' };

/** The first line of a new doc, by whether the locale is Chinese. */
export const DOC_BODY = { zh: '在这里写正文。', other: 'Write the page here.' };

const ALL = [POST_SUMMARY.zh, POST_SUMMARY.other, DOC_BODY.zh, DOC_BODY.other];

/** The 0-based line of a body that is still one of those lines, or -1. */
export function placeholderLine(body: string): number {
  if (!ALL.some((line) => body.includes(line))) return -1;
  return body.split('\n').findIndex((line) => ALL.includes(line.trim()));
}
