import type { LabeledLink } from 'sitegen/theme';
import { useTheme } from '../../context.js';
import { Icon } from '../Icon/index.js';

/** Home › categories › page. Categories without a page of their own are plain text; the last crumb is the current page. */
export function Breadcrumbs({ items }: { items: LabeledLink[] }) {
  const { site, strings } = useTheme();
  return (
    <nav className="breadcrumbs" aria-label={strings.docs.breadcrumbs}>
      <ol>
        <li>
          <a href={site.homePath} aria-label={strings.docs.home} className="breadcrumbs-home">
            <Icon name="home" size={16} />
          </a>
        </li>
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${item.label}-${i}`}>
              <Icon name="chevron" size={14} className="breadcrumbs-sep" />
              {last || !item.href ? (
                <span className={last ? 'breadcrumbs-current' : undefined} aria-current={last ? 'page' : undefined} lang={item.lang}>
                  {item.label}
                </span>
              ) : (
                <a href={item.href} lang={item.lang}>
                  {item.label}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
