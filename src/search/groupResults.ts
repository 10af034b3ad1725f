// Orders results as the dropdown shows them: each page's results together, the page first. Browser-safe.

/** The parts of a result grouping needs. */
export interface Groupable {
  type: 0 | 1;
  page: { i: number };
  /** Dropped-term variant (SPEC 5); variants are grouped among themselves, after full matches. */
  partial: boolean;
  /** Under a page, with more of that page's results after it. */
  isIntermediate: boolean;
  /** Under a page, the last of its results. */
  isLast: boolean;
}

function groupTier<R extends Groupable>(results: R[]): R[] {
  const groups = new Map<number, R[]>();
  for (const r of results) {
    const group = groups.get(r.page.i);
    if (group) group.push(r);
    else groups.set(r.page.i, [r]);
  }
  const out: R[] = [];
  for (const group of groups.values()) {
    // The page is the parent of its sections, whatever their scores.
    group.sort((a, b) => a.type - b.type);
    group.forEach((r, n) => {
      r.isIntermediate = n > 0 && n < group.length - 1;
      r.isLast = n > 0 && n === group.length - 1;
      out.push(r);
    });
  }
  return out;
}

/**
 * Groups score-ordered results under their page (SPEC 4: entries marked last or intermediate in
 * their page's tree). Groups keep the order of their best result. Full matches and dropped-term
 * variants are grouped separately so that no variant climbs above a full match.
 */
export function groupResults<R extends Groupable>(results: R[]): R[] {
  return [...groupTier(results.filter((r) => !r.partial)), ...groupTier(results.filter((r) => r.partial))];
}
