import type { LabeledLink } from 'sitegen/theme';
import { useTheme } from '../../context.js';
import { Icon } from '../Icon/index.js';

interface PaginatorProps {
  label: string;
  prev: LabeledLink | null;
  next: LabeledLink | null;
  prevLabel: string;
  nextLabel: string;
}

/** Previous / next cards at the foot of a doc or post. */
export function Paginator({ label, prev, next, prevLabel, nextLabel }: PaginatorProps) {
  const { lang } = useTheme().strings;
  if (!prev && !next) return null;
  return (
    <nav className="paginator" aria-label={label}>
      {prev ? (
        <a className="paginator-link paginator-prev" href={prev.href} rel="prev">
          <span className="paginator-sub" lang={lang}>
            <Icon name="arrowLeft" size={16} />
            {prevLabel}
          </span>
          <span className="paginator-title" lang={prev.lang}>
            {prev.label}
          </span>
        </a>
      ) : (
        <span />
      )}
      {next && (
        <a className="paginator-link paginator-next" href={next.href} rel="next">
          <span className="paginator-sub" lang={lang}>
            {nextLabel}
            <Icon name="arrowRight" size={16} />
          </span>
          <span className="paginator-title" lang={next.lang}>
            {next.label}
          </span>
        </a>
      )}
    </nav>
  );
}
