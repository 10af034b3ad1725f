import { useRef, useState, type ReactNode } from 'react';
import { animateCollapse } from '../../lib/collapse.js';

interface CollapsibleProps {
  summary: ReactNode;
  /** Open in the server markup. */
  defaultOpen: boolean;
  className?: string;
  summaryClassName?: string;
  /** Accessible label of the summary when its text is not enough. */
  summaryLabel?: string;
  /** Told each time the section opens or closes (by the visitor, or by the browser: find in page). */
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

/**
 * A `<details>` section whose height animates for a time derived from its content height (1 ms
 * under reduced motion). Without JavaScript it still opens and closes, without the animation.
 */
export function Collapsible({ summary, defaultOpen, className, summaryClassName, summaryLabel, onOpenChange, children }: CollapsibleProps) {
  const [open, setOpen] = useState(defaultOpen);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closing = useRef(false);
  const onClick = (event: React.MouseEvent) => {
    const details = detailsRef.current;
    const body = bodyRef.current;
    // A link in the summary (a category's own doc) is followed, and does not open or close the section.
    if (!details || !body || (event.target as Element).closest?.('a')) return;
    event.preventDefault();
    const opening = !details.open || closing.current;
    if (opening) {
      closing.current = false;
      details.open = true;
      setOpen(true);
      animateCollapse(body, true);
    } else {
      closing.current = true;
      animateCollapse(body, false, () => {
        closing.current = false;
        details.open = false;
        setOpen(false);
      });
    }
  };
  return (
    <details
      className={className}
      ref={detailsRef}
      open={open}
      onToggle={(event) => {
        const now = event.currentTarget.open;
        setOpen(now);
        onOpenChange?.(now);
      }}
    >
      <summary className={summaryClassName} onClick={onClick} aria-label={summaryLabel}>
        {summary}
      </summary>
      <div className="collapsible-body" ref={bodyRef}>
        {children}
      </div>
    </details>
  );
}
