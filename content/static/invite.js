/* Referral invites: a link such as https://…/?invite=AB12CD keeps the invite code in this browser for
   30 days, so the extension's Account tab can offer it when the visitor signs up (see /docs/invite). */
(function () {
  var KEY = 'glint:invite';
  var CODE_RE = /^[A-Za-z0-9]{4,32}$/;
  try {
    var params = new URLSearchParams(window.location.search);
    var code = params.get('invite') || params.get('ref');
    if (code && CODE_RE.test(code)) {
      window.localStorage.setItem(KEY, JSON.stringify({ code: code, at: Date.now() }));
    }
    var saved = JSON.parse(window.localStorage.getItem(KEY) || 'null');
    if (saved && Date.now() - saved.at > 30 * 24 * 3600 * 1000) window.localStorage.removeItem(KEY);
  } catch (error) {
    /* Storage can be blocked (private mode): invites are then simply not remembered. */
  }
})();
