const TITLES: Record<string, Record<string, string>> = {
  zh: { note: '备注', tip: '提示', info: '信息', warning: '注意', caution: '注意', danger: '警告', details: '详细信息', important: '重要' },
  en: { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', caution: 'Caution', danger: 'Danger', details: 'Details', important: 'Important' },
  ja: { note: '備考', tip: 'ヒント', info: '情報', warning: '注意', caution: '注意', danger: '危険', details: '詳細', important: '重要' },
};

/** Default title of an admonition kind in a locale (by language prefix, English otherwise). */
export function admonitionTitle(kind: string, locale: string): string {
  const table = TITLES[locale.split('-')[0].toLowerCase()] ?? TITLES.en;
  // Own keys only: a kind that is none (`:::constructor`, told as such) is not a name of Object's.
  return Object.hasOwn(table, kind) ? table[kind]! : kind;
}

const HEADING_LINK: Record<string, (heading: string) => string> = {
  zh: (heading) => `指向“${heading}”的链接`,
  en: (heading) => `Direct link to ${heading}`,
  ja: (heading) => `「${heading}」へのリンク`,
};

/** The tooltip of a heading's `#` link in a locale. */
export function headingLinkLabel(heading: string, locale: string): string {
  return (HEADING_LINK[locale.split('-')[0].toLowerCase()] ?? HEADING_LINK.en)(heading);
}

const FOOTNOTES: Record<string, { heading: string; backTo: (number: string) => string }> = {
  zh: { heading: '脚注', backTo: (number) => `返回脚注 ${number} 的引用处` },
  en: { heading: 'Footnotes', backTo: (number) => `Back to the reference to note ${number}` },
  ja: { heading: '脚注', backTo: (number) => `注 ${number} の参照元に戻る` },
};

/** The footnotes' heading (for screen readers) and the accessible name of a note's link back, in a locale. */
export function footnoteLabels(locale: string): { heading: string; backTo: (number: string) => string } {
  return FOOTNOTES[locale.split('-')[0].toLowerCase()] ?? FOOTNOTES.en;
}
