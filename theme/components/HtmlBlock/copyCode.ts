/** Copies text, with the old textarea fallback where the async clipboard API is unavailable. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

/** Adds a copy button to every code block under `root` that has none yet. */
export function addCopyButtons(root: HTMLElement, labels: { copy: string; copied: string; copyLabel: string }, announce: (text: string, lang?: string) => void, lang?: string): void {
  for (const block of root.querySelectorAll<HTMLElement>('.code-block')) {
    if (block.querySelector(':scope > .copy-button')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = labels.copy;
    button.setAttribute('aria-label', labels.copyLabel);
    // The theme's English labels on a page in another language (a locale the theme has no texts for).
    if (lang) button.lang = lang;
    let timer = 0;
    button.addEventListener('click', () => {
      const code = block.querySelector('pre')?.textContent ?? '';
      void copyText(code).then(() => {
        // The button's name stays "Copy the code…" (its aria-label): the confirmation is read out apart.
        announce(labels.copied, lang);
        button.textContent = labels.copied;
        button.setAttribute('data-copied', '');
        window.clearTimeout(timer);
        timer = window.setTimeout(() => {
          button.textContent = labels.copy;
          button.removeAttribute('data-copied');
        }, 2000);
      });
    });
    // Before the code: the stylesheet places it at the top of the code area, below a title if any.
    block.insertBefore(button, block.querySelector(':scope > pre'));
  }
}
