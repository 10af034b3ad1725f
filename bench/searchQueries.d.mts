/** Judged search queries per locale: `expect` is the page a reader wants first. */
export declare const QUERIES: Record<string, { q: string; expect?: string }[]>;
