import { useTheme } from '../../context.js';
import './styles.css';

/** Id of the element the skip link jumps to: every page kind renders one `<main>` with it. */
export const MAIN_ID = '__main';

/** The first focusable element of the page: jumps keyboard users past the navigation. */
export function SkipLink() {
  const { strings } = useTheme();
  const onClick = (event: React.MouseEvent) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={onClick}>
      {strings.skipToContent}
    </a>
  );
}
