/** Progress bar settings (SPEC section 9). */
export const PROGRESS = { delay: 200, minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800 } as const;

/** A running progress indication; `done()` finishes it (and does nothing if it never showed). */
export interface ProgressHandle {
  done(): void;
}

/**
 * Starts a thin top-of-page progress bar that appears only if the work takes longer than
 * `delay`, starts at `minimum`, creeps forward by up to `trickleRate` every `trickleSpeed` ms and
 * animates each move over `speed` ms, like NProgress.
 */
export function startProgress(settings = PROGRESS): ProgressHandle {
  let bar: HTMLElement | null = null;
  let value = 0;
  let trickle = 0;
  const set = (n: number) => {
    value = Math.min(Math.max(n, settings.minimum), 1);
    if (bar) (bar.firstChild as HTMLElement).style.transform = `translate3d(${(value - 1) * 100}%,0,0)`;
  };
  const show = window.setTimeout(() => {
    bar = document.createElement('div');
    bar.className = 'sg-progress';
    bar.setAttribute('aria-hidden', 'true');
    bar.style.setProperty('--sg-progress-speed', `${settings.speed}ms`);
    bar.appendChild(document.createElement('div')).className = 'sg-progress-bar';
    document.body.appendChild(bar);
    set(0);
    trickle = window.setInterval(() => set(Math.min(value + Math.random() * settings.trickleRate, 0.994)), settings.trickleSpeed);
  }, settings.delay);
  return {
    done() {
      window.clearTimeout(show);
      window.clearInterval(trickle);
      const el = bar;
      if (!el) return;
      set(1);
      window.setTimeout(() => {
        el.style.opacity = '0';
        window.setTimeout(() => el.remove(), settings.speed);
      }, settings.speed);
    },
  };
}
