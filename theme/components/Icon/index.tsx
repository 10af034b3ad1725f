// Line icons drawn on a 24 × 24 grid with `currentColor`, so they follow the text colour in both modes.

const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  sun: 'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66 1.41-1.41M4.93 19.07l1.41-1.41m11.32 0 1.41 1.41M4.93 4.93l1.41 1.41M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z',
  system: 'M4 5h16v11H4zM8 20h8m-4-4v4',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2 4 4',
  language: 'M4 5h9M8.5 3v2m2.5 0c-1 4-3.5 7-7 9m2.5-5c1 2 3 4 5.5 5M13 21l4-9 4 9m-6.8-2.5h5.6',
  github: 'M9 19c-4 1.5-4-2-6-2.5m12 5v-3.5a3 3 0 0 0-.9-2.4c3-.3 6-1.5 6-6.6a5.1 5.1 0 0 0-1.4-3.6 4.8 4.8 0 0 0-.1-3.6s-1.1-.3-3.7 1.4a12.6 12.6 0 0 0-6.6 0C5.7 1.7 4.6 2 4.6 2a4.8 4.8 0 0 0-.1 3.6A5.1 5.1 0 0 0 3 9.2c0 5.1 3 6.3 6 6.6a3 3 0 0 0-.9 2.4V22',
  external: 'M14 4h6v6m0-6-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  chevron: 'M9 6l6 6-6 6',
  edit: 'M4 20h4L19 9l-4-4L4 16v4zm9-13 4 4',
  home: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  arrowLeft: 'M19 12H5m6-6-6 6 6 6',
  arrowRight: 'M5 12h14m-6-6 6 6-6 6',
  tag: 'M3 12V4h8l10 10-8 8zm5-4h.01',
  page: 'M6 3h8l4 4v14H6zm8 0v4h4',
  hash: 'M5 9h14M5 15h14M10 4 8 20m8-16-2 16',
} as const;

export type IconName = keyof typeof PATHS;

/** Icons that point along the line: mirrored on a page written right to left, where next is to the left. */
const ALONG_THE_LINE = new Set<IconName>(['chevron', 'arrowLeft', 'arrowRight']);

/**
 * A decorative icon (hidden from assistive technology: the control around it carries the label),
 * by name, or from a path of its own (`d`) for icons only one page uses.
 */
export function Icon({ name, d, size = 20, className }: { name?: IconName; d?: string; size?: number; className?: string }) {
  return (
    <svg className={['icon', name && ALONG_THE_LINE.has(name) ? 'icon-along' : '', className ?? ''].filter(Boolean).join(' ')} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d={d ?? (name ? PATHS[name] : '')} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
