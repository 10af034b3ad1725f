// The shapes of the blog's authors and tags as Docusaurus writes them: an entry of `blog/authors.yml` or
// `blog/tags.yml`, and an author written out in a post's front matter. No YAML here: the front matter's
// validation loads this module too.
import { isPlainObject, validate, type KeyPath, type Schema, type SchemaIssue } from '../config/schema.js';
import { socialUrl } from './blogMetaSocials.js';

const string: Schema = { type: 'string' };

/** Where an author's name leads: an address, a site path or a mail link. */
export const AUTHOR_URL_RE = /^(?:\/(?!\/)\S*|https?:\/\/[^\s/?#]+\S*|mailto:\S+)$/i;
/** An avatar: a site path (a file of content/static/) or an address. */
export const AUTHOR_IMAGE_RE = /^(?:\/(?!\/)\S*|https?:\/\/[^\s/?#]+\S*)$/i;
/** The last part of an address, as a tag's or an author page's `permalink` gives it: `/releases` or `releases`. */
const SEGMENT_RE = /^\/?(?!\.\.?\/?$)[^\s/?#%\\]+\/?$/;

/** Where an author's name leads, as written in a file or a post. */
export const authorUrl: Schema = { type: 'string', pattern: AUTHOR_URL_RE, patternHint: 'an http(s):// address, a site path (/docs/team) or mailto:…' };
/** An author's avatar, as written in a file or a post. */
export const authorImage: Schema = { type: 'string', pattern: AUTHOR_IMAGE_RE, patternHint: 'a site path of a file of content/static/ (/img/jane.png), or an http(s):// address' };
const permalink: Schema = { type: 'string', pattern: SEGMENT_RE, patternHint: 'one part of an address, such as /releases: no spaces, "/", "?", "#" or "%" inside' };
// YAML reads a Stack Overflow user id as a number: taken as written (socialUrl).
const socials: Schema = { type: 'record', values: { type: 'union', of: [string, { type: 'number' }], label: 'a handle or an address' } };

/** An author written out in a post (Docusaurus's inline author): no key, so no page. */
const inlineAuthor: Schema = { type: 'object', required: ['name'], props: { name: string, title: string, url: authorUrl, image_url: authorImage, imageURL: authorImage, email: string, socials } };
/**
 * A declared author's fields overridden in one post (Docusaurus's `{ key: jane, title: … }`): the fields an author
 * written out has, each optional, laid over the declared entry's, each one whole (a `socials` replaces theirs).
 */
const authorOverride: Schema = { type: 'object', required: ['key'], props: { key: string, ...(inlineAuthor as Extract<Schema, { type: 'object' }>).props } };
/** A page of the author's own, at its key (true) or at `permalink`. */
const page: Schema = { type: 'union', of: [{ type: 'boolean' }, { type: 'object', props: { permalink }, required: ['permalink'] }], label: 'true, false or { permalink: /… }' };
const fileAuthor: Schema = { type: 'object', required: ['name'], props: { ...(inlineAuthor as Extract<Schema, { type: 'object' }>).props, page } };
const fileTag: Schema = { type: 'nullable', of: { type: 'object', props: { label: string, permalink, description: string } } };

/** A page's `tags:`: tag keys, and tags written out as Docusaurus allows, `{ label, permalink }` (the blog's and the docs'). */
export const frontMatterTags: Schema = { type: 'array', items: { type: 'union', of: [string, { type: 'object', required: ['label', 'permalink'], props: { label: string, permalink } }], label: 'a tag key, or a tag written out: { label: …, permalink: /… }' } };

/**
 * What is wrong with an author (at `path`): an entry of `blog/authors.yml` (`withPage`), or one written out in a
 * post, or a declared one's fields overridden there (`key:`). Each key is checked as the shape it is written in (a
 * `page:` mapping as one), and each of its socials.
 */
export function authorIssues(value: unknown, path: KeyPath, withPage: boolean): SchemaIssue[] {
  const pageValue = withPage && isPlainObject(value) ? value.page : undefined;
  const inPost = withPage ? fileAuthor : isPlainObject(value) && value.key !== undefined ? authorOverride : inlineAuthor;
  const issues = isPlainObject(pageValue)
    ? [...validate({ ...value as Record<string, unknown>, page: undefined }, fileAuthor, path), ...validate(pageValue, (page as Extract<Schema, { type: 'union' }>).of[1]!, [...path, 'page'])]
    : validate(value, inPost, path).map((issue) => (withPage ? issue : inPostHint(issue, path)));
  const written = isPlainObject(value) ? value.socials : undefined;
  if (!isPlainObject(written) || issues.some((issue) => issue.path[path.length] === 'socials')) return issues;
  for (const [platform, handle] of Object.entries(written)) {
    const social = socialUrl(platform, handle);
    if ('problem' in social) issues.push({ path: [...path, 'socials', platform], message: social.problem, hint: social.hint });
  }
  return issues;
}

/** A post's author: a page is the declared author's, and one without a name may be meant as a declared one's override. */
function inPostHint(issue: SchemaIssue, path: KeyPath): SchemaIssue {
  const key = issue.path[path.length];
  if (issue.message === 'unknown key' && key === 'page') return { ...issue, hint: "an author's page is declared with the author, in authors.yml or the config's blog.authors (page: true)" };
  if (key === 'name' && issue.path.length === path.length + 1 && /is required/.test(issue.message)) return { ...issue, hint: 'write the name of the author written out here (name: Jane Doe), or give the key of a declared author whose fields these change in this post (key: jane)' };
  return issue;
}

/** What is wrong with an entry of `blog/tags.yml` (nothing written is a tag whose label is its key). */
export function tagIssues(value: unknown, path: KeyPath): SchemaIssue[] {
  return validate(value, fileTag, path);
}

/** The address part a `permalink` (or a key) gives, `/releases/` → `releases`; null when it is none. */
export function addressSegment(written: string): string | null {
  return SEGMENT_RE.test(written) ? written.replace(/^\/|\/$/g, '') : null;
}
