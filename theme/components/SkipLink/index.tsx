import { useTheme } from '../../context.js';

/** Id of the element the skip link jumps to: every page kind renders one `<main>` with it. */
export const MAIN_ID = '__main';
/** Id of the focus target at the top of the page, focused after a client-side navigation. */
export const TOP_ID = 'sg-top';

/**
 * The first focusable element of the page: jumps keyboard users past the navigation. Its wrapper
 * takes the focus after a client-side navigation, so the next Tab reaches this link again.
 */
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
    <div id={TOP_ID} tabIndex={-1}>
      <a className="skip-link" lang={strings.lang} href={`#${MAIN_ID}`} onClick={onClick}>
        {strings.skipToContent}
      </a>
    </div>
  );
}
