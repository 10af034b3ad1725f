/**
 * Makes the whole page but `keep` inert, as the page behind a modal dialog is: out of the Tab order,
 * not clickable, hidden from assistive technology. `keep`'s ancestors stay as they are, their other
 * children do not. Returns the undo (elements that were inert already are left so).
 */
export function inertOutside(keep: Element): () => void {
  const made: Element[] = [];
  for (let el = keep; el.parentElement && el !== document.body; el = el.parentElement) {
    for (const sibling of el.parentElement.children) {
      if (sibling === el || sibling.hasAttribute('inert')) continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => {
    for (const el of made) el.removeAttribute('inert');
  };
}
