import { useEffect, useState } from 'react';
import { useTheme } from '../../context.js';
import { applyChoice, nextChoice, readChoice, systemPrefersDark, watchColorMode, type ColorChoice } from '../../lib/colorMode.js';
import { format } from '../../lib/format.js';
import { COLOR_MODE_KEY, openStorage } from '../../lib/storage.js';
import { Icon } from '../Icon/index.js';

/**
 * Cycles system → dark → light (starting from the opposite of the system's colours), or light ↔ dark
 * when the site does not follow the system preference.
 * The icon shown is picked by CSS from `<html data-theme-choice>`, which the head script sets
 * before first paint, so the server markup is right for every visitor.
 */
export function ColorModeToggle() {
  const { site, strings } = useTheme();
  const options = site.colorMode;
  const [choice, setChoice] = useState<ColorChoice>(options.respectPrefersColorScheme ? 'system' : options.defaultMode);
  useEffect(() => {
    const storage = openStorage();
    setChoice(readChoice(storage, options));
    return watchColorMode(storage, options, setChoice);
  }, [options]);
  if (options.disableSwitch) return null;
  const onClick = () => {
    const current = (document.documentElement.getAttribute('data-theme-choice') as ColorChoice | null) ?? choice;
    const next = nextChoice(current, options, systemPrefersDark());
    openStorage().set(COLOR_MODE_KEY, next);
    applyChoice(next);
    setChoice(next);
  };
  return (
    <button type="button" className="navbar-icon-button color-toggle js-only" onClick={onClick} aria-label={format(strings.colorMode.toggle, { mode: strings.colorMode[choice] })} title={format(strings.colorMode.toggle, { mode: strings.colorMode[choice] })}>
      <Icon name="sun" className="color-icon-light" />
      <Icon name="moon" className="color-icon-dark" />
      <Icon name="system" className="color-icon-system" />
    </button>
  );
}
