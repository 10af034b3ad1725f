import type { LabeledLink } from '../../../src/types.js';
import { Icon } from '../Icon/index.js';

/** One link of a menu (a docs sidebar, the blog's list of posts), marked when it is the page shown; a link to another site opens in a new tab. */
export function MenuItem({ link, active }: { link: LabeledLink & { external?: true }; active: boolean }) {
  return (
    <li className="menu-item">
      <a className={active ? 'menu-link active' : 'menu-link'} href={link.href} aria-current={active ? 'page' : undefined} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {link.label}
        {link.external && <Icon name="external" size={13} className="external-icon" />}
      </a>
    </li>
  );
}
