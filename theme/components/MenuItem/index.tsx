import type { LabeledLink } from 'sitegen/theme';
import { Icon } from '../Icon/index.js';

/**
 * One link of a menu (a docs sidebar, the blog's list of posts), marked when it is the page shown; a link to another
 * site opens in a new tab. `className`: the item's own classes (a doc's `sidebar_class_name`), on the `<li>` as Docusaurus puts them.
 */
export function MenuItem({ link, active, className }: { link: LabeledLink & { external?: true; lang?: string }; active: boolean; className?: string }) {
  return (
    <li className={className ? `menu-item ${className}` : 'menu-item'}>
      <a className={active ? 'menu-link active' : 'menu-link'} lang={link.lang} href={link.href} aria-current={active ? 'page' : undefined} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {link.label}
        {link.external && <Icon name="external" size={13} className="external-icon" />}
      </a>
    </li>
  );
}
