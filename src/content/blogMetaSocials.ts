// An author's `socials` as Docusaurus 3.5+ reads them: a handle on a platform it knows is made that platform's
// profile address (`github: jane` → https://github.com/jane), and anything else is written as a whole address.

/** The profile address of a handle, by platform (Docusaurus's; `email` is a mail link). */
const PROFILES: Record<string, (handle: string) => string> = {
  x: (handle) => `https://x.com/${handle}`,
  twitter: (handle) => `https://twitter.com/${handle}`,
  github: (handle) => `https://github.com/${handle}`,
  linkedin: (handle) => `https://www.linkedin.com/in/${handle}/`,
  stackoverflow: (id) => `https://stackoverflow.com/users/${id}`,
  bluesky: (handle) => `https://bsky.app/profile/${handle}`,
  mastodon: (handle) => `https://mastodon.social/@${handle}`,
  threads: (handle) => `https://www.threads.net/@${handle}`,
  instagram: (handle) => `https://www.instagram.com/${handle}`,
  twitch: (handle) => `https://twitch.tv/${handle}`,
  youtube: (handle) => `https://youtube.com/@${handle}`,
  email: (address) => `mailto:${address}`,
};

/** The platforms whose handles are made addresses (a `newsletter`, or a platform of the site's own, is written as an address). */
export const SOCIAL_PLATFORMS = Object.keys(PROFILES);

const ADDRESS_RE = /^(?:https?:\/\/[^\s/?#]+|mailto:)\S*$/i;
/** A handle: no spaces and no `/` (Docusaurus refuses one with a slash too: it is neither a handle nor an address). */
const HANDLE_RE = /^@?[^\s/?#]+$/;

/**
 * The address of one social entry, or what is wrong with it. YAML reads a Stack Overflow user id as a number:
 * taken as written. A leading `@` of a handle (`@jane`, as people write them) is left out.
 */
export function socialUrl(platform: string, value: unknown): { platform: string; url: string } | { problem: string; hint: string } {
  const written = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
  const known: ((handle: string) => string) | undefined = Object.hasOwn(PROFILES, platform.toLowerCase()) ? PROFILES[platform.toLowerCase()] : undefined;
  // A known platform by its own name (`GitHub: jane` is github's), so that the theme can name it.
  const name = known ? platform.toLowerCase() : platform;
  if (typeof written !== 'string' || !written.trim()) return { problem: `expected a handle or an address, got ${JSON.stringify(value ?? null)}`, hint: `write ${platform}: jane, or ${platform}: https://…` };
  if (ADDRESS_RE.test(written)) return { platform: name, url: written };
  if (known && HANDLE_RE.test(written)) return { platform: name, url: known(written.replace(/^@/, '')) };
  return known
    ? { problem: `${JSON.stringify(written)} is neither a ${platform} handle nor an address`, hint: `write the handle alone (${platform}: jane), or the whole address (https://…)` }
    : { problem: `${JSON.stringify(written)} is not an address: only ${SOCIAL_PLATFORMS.join(', ')} take a handle`, hint: `write the whole address (${platform}: https://…)` };
}
