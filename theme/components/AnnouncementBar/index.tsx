import { useEffect, useState } from 'react';
import { useTheme } from '../../context.js';
import { ANNOUNCEMENT_KEY, announcementVar, openStorage } from '../../lib/storage.js';
import { Icon } from '../Icon/index.js';
import { TOP_ID } from '../SkipLink/index.js';

/**
 * The site-wide announcement. A dismissal is stored with the bar's id, so a new announcement (new
 * id) shows again. The head script hides a dismissed bar before first paint through the
 * `--sg-ann-<id>` custom property this bar's `display` reads.
 */
export function AnnouncementBar() {
  const { site, strings } = useTheme();
  const announcement = site.announcement;
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (announcement && openStorage().get(ANNOUNCEMENT_KEY) === announcement.id) setDismissed(true);
  }, [announcement]);
  if (!announcement || dismissed) return null;
  const dismiss = () => {
    openStorage().set(ANNOUNCEMENT_KEY, announcement.id);
    document.documentElement.style.setProperty(announcementVar(announcement.id), 'none');
    setDismissed(true);
    // Not lost with the button: to the top of the page, where the next Tab reaches the skip link.
    document.getElementById(TOP_ID)?.focus({ preventScroll: true });
  };
  return (
    <div className="announcement" role="region" aria-label={strings.announcement.region} data-announcement-id={announcement.id} style={{ display: `var(${announcementVar(announcement.id)}, flex)` }}>
      {/* Trusted HTML from site.config.ts (it may hold a link). */}
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: announcement.content }} />
      {announcement.dismissible && (
        <button type="button" className="announcement-close js-only" aria-label={strings.announcement.close} onClick={dismiss}>
          <Icon name="close" size={18} />
        </button>
      )}
    </div>
  );
}
