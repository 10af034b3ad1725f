// Browser side of live reload: reloads changed pages keeping scroll, shows build errors in an overlay.
export const LIVE_RELOAD_CLIENT = `(() => {
  // Keyed by the path shown when reloading (client-side navigation may have changed it since this script ran).
  const key = () => 'sitegen:scroll:' + location.pathname;
  const saved = sessionStorage.getItem(key());
  if (saved !== null) { sessionStorage.removeItem(key()); addEventListener('load', () => scrollTo(0, Number(saved))); }
  // The server's revision when it served this page: a rebuild told before the channel opens is not missed.
  const served = document.currentScript && Number(document.currentScript.dataset.revision);
  let revision = served || null;
  let overlay = null;
  const normalise = (p) => { try { p = decodeURIComponent(p); } catch {} return p.replace(/index\\.html$/, '').replace(/\\/$/, '') || '/'; };
  // A page served at another address than its own (a locale's 404 page at the address mistyped) is named by its own
  // in a rebuild's paths: its script tag says which, as long as the tab still shows it.
  const page = (document.currentScript && document.currentScript.dataset.page) || null;
  const shownAt = location.pathname;
  const shows = (p) => normalise(p) === normalise(location.pathname) || (page !== null && location.pathname === shownAt && normalise(p) === normalise(page));
  const showErrors = (errors) => {
    if (!overlay) {
      overlay = document.createElement('div');
      overlay.id = 'sitegen-error-overlay';
      overlay.setAttribute('role', 'alert');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(20,20,20,.92);color:#fff;font:14px/1.5 ui-monospace,monospace;padding:32px;overflow:auto;white-space:pre-wrap';
      document.body.appendChild(overlay);
    }
    const served = document.body.hasAttribute('data-sitegen-unbuilt') ? 'nothing is served until it builds' : 'the last good version is still served';
    overlay.textContent = 'Build failed — ' + served + '.\\n\\n' + errors.join('\\n');
  };
  const handle = (message) => {
    if (message.type === 'error') return showErrors(message.errors);
    if (overlay) { overlay.remove(); overlay = null; }
    if (message.type === 'connected') { if (revision !== null && message.revision !== revision) location.reload(); revision = message.revision; return; }
    if (message.type === 'reload') {
      revision = message.revision;
      // The theme's router keeps the data of pages visited or prefetched: it forgets the changed ones (theme/lib/router.ts).
      dispatchEvent(new CustomEvent('sitegen:stale', { detail: message.paths }));
      if (message.paths.includes('*') || message.paths.some(shows)) {
        sessionStorage.setItem(key(), String(scrollY));
        location.reload();
      }
    }
  };
  // A browser keeps at most 6 connections to a host: a channel per tab would leave a 7th tab of the site
  // waiting for ever. One tab (the holder of a lock, passed on when it closes) keeps the server's channel
  // and hands every message to the others; a tab that opens asks it for the state it missed.
  const tabs = typeof BroadcastChannel === 'function' && navigator.locks ? new BroadcastChannel('sitegen:live-reload') : null;
  let connected = null;
  let failed = null;
  const connect = () => {
    const source = new EventSource('/__sitegen/events');
    source.onmessage = (event) => {
      const message = JSON.parse(event.data);
      // The revision a tab that opens is told is the latest one, not the one of the channel's start: else it
      // would tell every tab a reload they have had already (and reload them all).
      connected = { type: 'connected', revision: message.revision };
      failed = message.type === 'error' ? message : null;
      tabs?.postMessage(message);
      handle(message);
    };
  };
  if (!tabs) return connect();
  tabs.onmessage = (event) => {
    if (event.data.type !== 'hello') return handle(event.data);
    if (connected) tabs.postMessage(connected);
    if (failed) tabs.postMessage(failed);
  };
  tabs.postMessage({ type: 'hello' });
  navigator.locks.request('sitegen:live-reload', () => new Promise(() => connect()));
})();
`;
