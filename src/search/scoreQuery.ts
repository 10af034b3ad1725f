// One BM25F ranking over every document and field. Browser-safe.
//
// Each field's term frequency is length-normalised on its own (b), weighted, summed, and only then
// saturated (k1), so a word repeated in the title, the keywords and the text is not counted as
// three independent pieces of evidence. idf is computed over all documents (pages and sections)
// together, which puts every result on one scale: a title hit and a body hit can be compared.
import type { FieldKey } from './indexFormat.js';
import type { LoadedSearchIndex } from './loadIndex.js';
import type { Candidate, QueryTerm } from './parseQuery.js';

/**
 * Field weights. A title names what the page is about (5); keywords are the writer's own list of
 * what a page should be found by (4: the install guide, whose keywords say plugin, comes before pages
 * titled with its synonym extension); a heading names what a section is about (3); the description
 * summarises the page (2); body text is evidence, not a statement of topic (1).
 */
export const FIELD_WEIGHTS: Record<FieldKey, number> = { t: 5, k: 4, h: 3, d: 2, c: 1 };
/**
 * A section also matches its page's title, weakly: "deepl 429" should find the 429 section of the
 * DeepL page although the section itself never says "DeepL". A section needs at least one match
 * of its own to be listed at all.
 */
export const INHERITED_TITLE_WEIGHT = 1;
/**
 * Length normalisation of the keywords (b), a quarter of what the other fields have. A keyword list is a list, not
 * prose: a page listed under nine words is listed under each as surely as one listed under three. At the index's b
 * (0.75), the v8 changelog's short list put it before the display-modes guide for `bilingual`. Measured on the bundled
 * site: searchReview 163 → 164 of 164 in the top 3 and 141 → 143 first, the relevance sets unchanged (67/69, 50/55).
 */
export const KEYWORDS_B = 0.25;

/** A document that matched, before it becomes a result. */
export interface ScoredDocument {
  id: number;
  score: number;
  /**
   * 0: every query term matched in the document; 1: all but one (a dropped-term variant, SPEC 5), a
   * page with every term only across its parts (`SPREAD_FACTOR`), or every term only in passing
   * (`PASSING_FACTOR`); 2: half of a long query, in one part or across a page's parts (all of them too); 3: a long query's
   * page with fewer, but at least `weakFloor` of its terms across its parts, listed only when nothing stronger is.
   */
  tier: 0 | 1 | 2 | 3;
  /** Matched vocabulary terms and the fields each matched in (`t` for an inherited title). */
  metadata: Record<string, FieldKey[]>;
}

interface Accumulator {
  /** Best score per query term. */
  termScores: Float64Array;
  own: boolean;
  /** Whether a required term matched in a field that names the topic (any but the text `c`; a section's page title counts). */
  topical: boolean;
  metadata: Record<string, FieldKey[]>;
}

interface Hit {
  tf: number;
  own: boolean;
  fields: FieldKey[];
}

function addHit(hits: Map<number, Hit>, doc: number, tf: number, field: FieldKey, own: boolean): void {
  let hit = hits.get(doc);
  if (!hit) hits.set(doc, (hit = { tf: 0, own: false, fields: [] }));
  hit.tf += tf;
  hit.own ||= own;
  if (!hit.fields.includes(field)) hit.fields.push(field);
}

/** Where scoring accumulates, and whether it may still admit new documents. */
interface Scoring {
  docs: Map<number, Accumulator>;
  /** Per page, the best score of each term in any of its parts (its own fields or a section's): `SPREAD_FACTOR`. */
  pages: Map<number, Accumulator>;
  /** Whether pages are gathered at all: for a query of two required terms or more. */
  spread: boolean;
  /** A question typed whole: more than `LONG_QUERY_TERMS` required terms. */
  long: boolean;
  terms: number;
  /** Per query term, whether it is optional (parseQuery.ts). */
  optional: boolean[];
  /** False once every document that can still qualify has an accumulator. */
  open: boolean;
}

/**
 * Weighted, length-normalised frequency of one vocabulary term in every document it reaches.
 * Documents `keep` rejects are skipped: that is most of them for a common word late in a query.
 */
function hitsOf(index: LoadedSearchIndex, term: number, keep: (doc: number) => boolean): Map<number, Hit> {
  const hits = new Map<number, Hit>();
  for (const list of index.postings[term]!) {
    const lengths = index.lengths[list.field];
    const avg = index.avgLength[list.field];
    list.docs.forEach((doc, n) => {
      const b = list.field === 'k' ? KEYWORDS_B : index.b;
      const norm = 1 - b + (b * lengths[doc]!) / avg;
      const tf = list.tfs[n]! / norm;
      if (keep(doc)) addHit(hits, doc, FIELD_WEIGHTS[list.field] * tf, list.field, true);
      if (list.field !== 't') return;
      for (const section of index.sectionsOf[doc] ?? []) {
        if (keep(section)) addHit(hits, section, INHERITED_TITLE_WEIGHT * tf, 't', false);
      }
    });
  }
  return hits;
}

function idfOf(index: LoadedSearchIndex, candidate: Candidate): number {
  const n = index.documents.length;
  const df = candidate.df ?? Math.max(index.df[candidate.id]!, candidate.minDf);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** How rare a term is: its rarest candidate's idf. */
function termIdf(index: LoadedSearchIndex, term: QueryTerm): number {
  // A word no page has (老板, interview) is the rarest of all: a question about it is not about the site.
  if (term.candidates.length === 0) return Math.log(1 + (index.documents.length + 0.5) / 0.5);
  return Math.max(...term.candidates.map((c) => idfOf(index, c)));
}

function scoreCandidate(index: LoadedSearchIndex, candidate: Candidate, slot: number, into: Scoring): void {
  const idf = idfOf(index, candidate);
  const word = index.words[candidate.id]!;
  // Once closed, a term adds to the documents found, and to the pages they are in.
  const keep = into.open ? () => true : (doc: number) => into.docs.has(doc) || (into.spread && into.pages.has(pageIdOf(index, doc)));
  for (const [doc, hit] of hitsOf(index, candidate.id, keep)) {
    const score = (candidate.factor * idf * hit.tf * (index.k1 + 1)) / (index.k1 + hit.tf);
    const page = hit.own && into.spread ? pageIdOf(index, doc) : -1;
    // A long page's paragraphs hold many of a long question's words in passing (a changelog): across its parts,
    // a word in a title, heading, keywords or description is what tells the page that answers.
    const pageScore = into.long && hit.fields.every((f) => f === 'c') ? PASSING_FACTOR * score : score;
    if (page !== -1 && (into.open || into.pages.has(page))) add(into, into.pages, page, slot, pageScore, word, hit.fields).own = true;
    if (into.open || into.docs.has(doc)) add(into, into.docs, doc, slot, score, word, hit.fields).own ||= hit.own;
  }
}

/** A term's score in an accumulator is its best candidate's: ten completions of "tr" are not ten matches. */
function add(into: Scoring, map: Map<number, Accumulator>, key: number, slot: number, score: number, word: string, fields: FieldKey[]): Accumulator {
  let acc = map.get(key);
  if (!acc) map.set(key, (acc = { termScores: new Float64Array(into.terms), own: false, topical: false, metadata: {} }));
  acc.termScores[slot] = Math.max(acc.termScores[slot]!, score);
  acc.metadata[word] = fields;
  acc.topical ||= !into.optional[slot] && fields.some((f) => f !== 'c');
  return acc;
}

function pageIdOf(index: LoadedSearchIndex, id: number): number {
  return id < index.pages.length ? id : (index.documents[id] as { p: number }).p;
}

function tierOf(matched: number, terms: number): 0 | 1 | 2 | null {
  if (matched === terms) return 0;
  // Variants with one term dropped, only for queries of more than two terms (SPEC 5). Optional terms
  // (parseQuery.ts) are not counted: 「DeepL翻译不了」 has two.
  if (terms > 2 && matched === terms - 1) return 1;
  // A question typed as a sentence rarely has every word on one page: past four terms, pages with
  // half of them are a third, weaker tier, so "why does deepl say my quota is exceeded…" still answers.
  return terms > LONG_QUERY_TERMS && matched * 2 >= terms ? 2 : null;
}

/** The tier of a page with `matched` of the terms only across its parts (`SPREAD_FACTOR`). */
function spreadTierOf(matched: number, terms: number): 1 | 2 | 3 | null {
  if (terms <= LONG_QUERY_TERMS) return matched === terms ? 1 : null;
  // No part of a page holds half of a question typed whole (twenty words) when the page answers it in
  // its title, a heading and a paragraph: across them it does, or at least a third of them. Not more than
  // that: a long page (the options, a changelog) has every word of a question somewhere.
  return matched * 2 >= terms ? 2 : matched >= weakFloor(terms) ? 3 : null;
}

/** Past this many required terms a query is a long question: half-matches count. */
export const LONG_QUERY_TERMS = 4;

/** The fewest of a long query's terms a page must have across its parts to be listed at all: a third, and at least two. */
function weakFloor(terms: number): number {
  return Math.max(2, Math.ceil(terms / 3));
}

/** Blog posts are dated news; at equal relevance the evergreen docs page is the better answer. */
const BLOG_WEIGHT = 0.8;

/**
 * Query terms, rarest first, and how many of them admit new documents. A document may miss at most
 * one term (two with the dropped-term variants), so every result matches at least one of the
 * `seeds` rarest terms; later terms only add to documents already found. This keeps a long query
 * full of common words (的, 了, 翻译) from touching every document.
 */
function plan(index: LoadedSearchIndex, terms: QueryTerm[]): { order: number[]; seeds: number } {
  const weight = (t: QueryTerm) => t.candidates.reduce((sum, c) => sum + index.df[c.id]!, 0);
  // Optional terms last: they add to documents found, and admit none.
  const order = terms.map((_, slot) => slot).sort((a, b) => Number(!!terms[a]!.optional) - Number(!!terms[b]!.optional) || weight(terms[a]!) - weight(terms[b]!));
  const required = terms.filter((t) => !t.optional).length;
  // Every result misses at most one term, or all but `weakFloor` of a long query: the rarest terms after that many always include one it has.
  const misses = required > LONG_QUERY_TERMS ? required - weakFloor(required) : required > 2 ? 1 : 0;
  return { order, seeds: misses + 1 };
}

function isBlog(index: LoadedSearchIndex, id: number): boolean {
  return index.pages[pageIdOf(index, id)]!.c === 1;
}

/**
 * Score kept by a page that has every term only across its parts (「data」 in a heading, 「collect」 in
 * another section's text): weaker evidence than one part with them all, listed after every such match.
 */
const SPREAD_FACTOR = 0.5;

/**
 * Score kept by a document with the terms it matched only in its text, none in a title, heading,
 * keywords or description (「文字识别不准」 in a changelog line's link): a passing mention. One with
 * every term is listed with the weaker matches, where a page about the subject that lacks one of the
 * words may come first; one that lacks a word too is weighed at half among the variants that name theirs.
 */
const PASSING_FACTOR = 0.5;

/** Documents matching the query, full matches first, each group by score. */
export function scoreQuery(index: LoadedSearchIndex, terms: QueryTerm[]): ScoredDocument[] {
  if (terms.length === 0) return [];
  const required = terms.filter((t) => !t.optional).length;
  const into: Scoring = { docs: new Map(), pages: new Map(), spread: required > 1, long: required > LONG_QUERY_TERMS, terms: terms.length, optional: terms.map((t) => !!t.optional), open: true };
  const { order, seeds } = plan(index, terms);
  const idfs = terms.map((t) => (t.optional ? 0 : termIdf(index, t)));
  const totalIdf = idfs.reduce((a, b) => a + b, 0);
  order.forEach((slot, n) => {
    into.open = n < seeds;
    for (const candidate of terms[slot]!.candidates) scoreCandidate(index, candidate, slot, into);
  });
  const scored = new Map<number, ScoredDocument>();
  const matchedPages = new Set<number>();
  const consider = (id: number, acc: Accumulator, spread: boolean) => {
    let matched = 0;
    let matchedIdf = 0;
    let sum = 0;
    acc.termScores.forEach((s, slot) => {
      if (s > 0 && !terms[slot]!.optional) {
        matched++;
        matchedIdf += idfs[slot]!;
      }
      sum += s;
    });
    // Across a page's parts, a long question's common words (翻译, 设置, 一, take) add up: the page must also have
    // a third of what makes the question particular, weighed by rarity (a word no page has counts most).
    const rareEnough = !into.long || matchedIdf * 3 >= totalIdf;
    const matchTier = spread ? (rareEnough ? spreadTierOf(matched, required) : null) : tierOf(matched, required);
    if (matchTier === null || !acc.own) return;
    const passing = required > 1 && !acc.topical;
    const tier = passing && matchTier === 0 ? 1 : matchTier;
    // A page with a part that has every term is not spread, even if that part only mentions them in passing.
    if (matchTier === 0) matchedPages.add(pageIdOf(index, id));
    const score = (spread ? SPREAD_FACTOR : passing ? PASSING_FACTOR : 1) * (isBlog(index, id) ? sum * BLOG_WEIGHT : sum);
    // A page's result from its parts stands in for its own weaker one.
    const found = scored.get(id);
    if (!found || found.tier > tier || (found.tier === tier && found.score < score)) scored.set(id, { id, score, tier, metadata: acc.metadata });
  };
  for (const [id, acc] of into.docs) consider(id, acc, false);
  for (const [page, acc] of into.pages) if (!matchedPages.has(page)) consider(page, acc, true);
  const results = [...scored.values()].sort((a, b) => a.tier - b.tier || b.score - a.score || a.id - b.id);
  // The weakest tier is a last resort: below a page with half of the question, it would only add noise.
  return results[0]?.tier === 3 ? results : results.filter((r) => r.tier < 3);
}
