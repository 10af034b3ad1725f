// The link-checking fixture site (issue 6): one of each kind of fault, and the valid look-alikes
// that must raise no alarm. Shared by the build-time pass tests and the check-links tests.
import { configSource, md, writeSite } from '../helpers/site';

export const TARGET = `## 你好 World

## 你好 World

<span id="raw-id"></span>
<a name="old-name"></a>

## Setup {#setup}
`;

// One of each kind of fault, and the valid look-alikes that must not raise an alarm. Line numbers: the body starts on line 6.
export const SOURCE = `Broken route: [nope](/docs/nope).
Wrong locale: [en only](/docs/en-only).
Bad anchor in markdown: [b](./b.md#nope).
Bad anchor in raw HTML: <a href="/docs/b#nope2">b</a>
Anchor across pages, valid: [setup](./b.md#setup) and missing [gone](/docs/b#gone).
Broken image: ![missing](/img/missing.png)
<img alt="x" src="/img/a.svg" srcset="/img/a.svg 1x, /img/missing@2x.png 2x">

Valid: [encoded](./b.md#%E4%BD%A0%E5%A5%BD-world) [cjk](./b.md#你好-world) [dup](./b.md#你好-world-1)
Valid: [slash](/docs/b/) [index](/docs/b/index.html) [raw id](/docs/b#raw-id) [a name](/docs/b#old-name) [top](#top) [self](#)
Valid in English too: [en](/en/docs/en-only) [static](/img/a.svg) [external](https://example.org/x#y)
`;

export function faultySite(extra = '') {
  return writeSite({
    'site.config.ts': configSource(`navbar: [{ label: 'Missing', to: '/docs/missing-nav' }, { label: 'B', to: '/docs/b' }], ${extra}`),
    'content/zh-Hans/docs/a.md': md({ title: 'A', description: 'a' }, SOURCE),
    'content/zh-Hans/docs/b.md': md({ title: 'B', description: 'b' }, TARGET),
    'content/en/docs/en-only.md': md({ title: 'English only', description: 'e' }, 'Only here.\n'),
    'content/static/img/a.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
}

/** Every fault of SOURCE, as the build and check-links report it: one line each, at its source line. */
export const CONTENT_FAULTS = [
  'content/zh-Hans/docs/a.md:6 error[broken-link] link /docs/nope does not exist',
  'content/zh-Hans/docs/a.md:7 error[broken-link] link /docs/en-only does not exist',
  'content/zh-Hans/docs/a.md:8 warning[broken-anchor] anchor #nope does not exist on /docs/b',
  'content/zh-Hans/docs/a.md:9 warning[broken-anchor] anchor #nope2 does not exist on /docs/b',
  'content/zh-Hans/docs/a.md:10 warning[broken-anchor] anchor #gone does not exist on /docs/b',
  'content/zh-Hans/docs/a.md:11 error[broken-image] image /img/missing.png does not exist',
  'content/zh-Hans/docs/a.md:12 error[broken-image] image /img/missing@2x.png does not exist',
];
