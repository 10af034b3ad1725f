import type { Pagination } from '../types.js';

export interface Page<T> {
  items: T[];
  /** Path of this page: `base` for the first, `base/page/N` after. */
  path: string;
  pagination: Pagination;
}

/** Splits items into pages of `size` under `base` (`/blog` → `/blog`, `/blog/page/2`…). */
export function paginate<T>(items: T[], size: number, base: string): Page<T>[] {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const pathOf = (page: number) => (page === 1 ? base : `${base.replace(/\/$/, '')}/page/${page}`);
  return Array.from({ length: totalPages }, (_, i) => ({
    items: items.slice(i * size, (i + 1) * size),
    path: pathOf(i + 1),
    pagination: {
      page: i + 1,
      totalPages,
      prev: i > 0 ? pathOf(i) : null,
      next: i + 1 < totalPages ? pathOf(i + 2) : null,
    },
  }));
}
