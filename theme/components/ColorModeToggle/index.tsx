import { useEffect, useRef, useState } from 'react';
import { useTheme } from '../../context.js';
import { applyChoice, nextChoice, readChoice, systemPrefersDark, watchColorMode, type ColorChoice } from '../../lib/colorMode.js';
import { format } from '../../lib/format.js';
import { COLOR_MODE_KEY, openStorage } from '../../lib/storage.js';
import { Icon } from '../Icon/index.js';

/** How long the new mode's name shows under the button after a click. */
const STATUS_MS = 2000;

/**
 * Cycles system → dark → light (starting from the opposite of the system's colours), or light ↔ dark
 * when the site does not follow the system preference.
 * The icon shown is picked by CSS from `<html data-theme-choice>`, which the head script sets
 * before first paint, so the server markup is right for every visitor. One step of the cycle leaves
 * the colours as they are (light → system on a light system): each click names the new mode for a
 * moment under the button, in a live region that screen readers read out.
 */
export function ColorModeToggle() {
  const { site, strings } = useTheme();
  const options = site.colorMode;
  const [choice, setChoice] = useState<ColorChoice>(options.respectPrefersColorScheme ? 'system' : options.defaultMode);
  const [status, setStatus] = useState('');
  const timer = useRef(0);
  useEffect(() => {
    const storage = openStorage();
    setChoice(readChoice(storage, options));
    const unwatch = watchColorMode(storage, options, setChoice);
    return () => {
      unwatch();
      window.clearTimeout(timer.current);
    };
  }, [options]);
  if (options.disableSwitch) return null;
  const onClick = () => {
    const current = (document.documentElement.getAttribute('data-theme-choice') as ColorChoice | null) ?? choice;
    const next = nextChoice(current, options, systemPrefersDark());
    openStorage().set(COLOR_MODE_KEY, next);
    applyChoice(next);
    setChoice(next);
    setStatus(format(strings.colorMode.now, { mode: strings.colorMode[next] }));
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setStatus(''), STATUS_MS);
  };
  const label = format(strings.colorMode.toggle, { mode: strings.colorMode[choice] });
  return (
    <span className="color-mode js-only">
      {/* No title repeating the label: screen readers read it again as the description, and the icon and the status below show the mode. */}
      <button type="button" className="navbar-icon-button color-toggle" onClick={onClick} aria-label={label}>
        <Icon name="sun" className="color-icon-light" />
        <Icon name="moon" className="color-icon-dark" />
        <Icon name="system" className="color-icon-system" />
      </button>
      <span className="color-mode-status" role="status">
        {status}
      </span>
    </span>
  );
}
