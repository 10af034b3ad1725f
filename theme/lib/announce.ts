/** Id of the polite live region (Root.tsx) that reads out what changes without moving the focus. */
export const ANNOUNCER_ID = 'sg-announcer';

/** How long the region stays empty before new words: long enough for screen readers to hear a change when the words repeat. */
const CLEAR_MS = 50;

/**
 * Has screen readers read `text` out: the new page's title after a client-side navigation, "Copied"
 * after a copy button, the number of results in the search box. The region is emptied first, so the
 * same words said twice (a second copy) are read twice.
 */
export function announce(text: string, lang?: string): void {
  const region = document.getElementById(ANNOUNCER_ID);
  if (!region) return;
  // Two said within the pause land in order: the last one stays.
  region.textContent = '';
  setTimeout(() => {
    // The theme's English words on a page in another language (`strings.lang`) are read out as English.
    if (lang) region.lang = lang;
    else region.removeAttribute('lang');
    region.textContent = text;
  }, CLEAR_MS);
}
