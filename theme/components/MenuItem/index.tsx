import type { LabeledLink } from '../../../src/types.js';

/** One link of a menu (a docs sidebar, the blog's list of posts), marked when it is the page shown. */
export function MenuItem({ link, active }: { link: LabeledLink; active: boolean }) {
  return (
    <li className="menu-item">
      <a className={active ? 'menu-link active' : 'menu-link'} href={link.href} aria-current={active ? 'page' : undefined}>
        {link.label}
      </a>
    </li>
  );
}
