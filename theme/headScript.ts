import type { SiteData } from 'sitegen/theme';
import { ANNOUNCEMENT_KEY, BOOT_FLAG, COLOR_MODE_KEY } from './lib/storage.js';

/**
 * The inline `<head>` script, run before first paint:
 * - applies the stored colour mode (or the system preference) to `<html data-theme>`, no flash;
 * - hides a dismissed announcement bar: the bar's `display` reads `var(--sg-ann-<id>, flex)` and this
 *   script defines that property as `none` for the stored id, so it needs no knowledge of the current id;
 * - when the client bundle never ran and the page sits under another base URL than it was built
 *   for, shows the banner 'Your site did not load properly' with the base URL to try.
 * Blocked storage is caught: the page then uses the defaults.
 */
export function headScriptFor(colorMode: SiteData['colorMode']): string {
  const respect = colorMode.respectPrefersColorScheme;
  const fallback = respect ? 'system' : colorMode.defaultMode;
  const accept = colorMode.disableSwitch ? '[]' : respect ? '["light","dark","system"]' : '["light","dark"]';
  return `(function(){var d=document.documentElement,s=null;d.classList.add("sg-js");try{s=window.localStorage}catch(e){}function g(k){try{return s?s.getItem(k):null}catch(e){return null}}
var c=g(${JSON.stringify(COLOR_MODE_KEY)});if(${accept}.indexOf(c)<0)c=${JSON.stringify(fallback)};
var t=c;if(c==="system"){try{t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}catch(e){t=${JSON.stringify(colorMode.defaultMode)}}}
d.setAttribute("data-theme",t);d.setAttribute("data-theme-choice",c);
var a=g(${JSON.stringify(ANNOUNCEMENT_KEY)});if(a)d.style.setProperty("--sg-ann-"+a.replace(/[^\\w-]/g,"_"),"none");
document.addEventListener("DOMContentLoaded",function(){if(window.${BOOT_FLAG})return;try{
var r=JSON.parse(document.getElementById("__SG_DATA__").textContent).route.path,m=document.querySelector("script[type=module][src]"),src=m?m.getAttribute("src"):"",i=src.indexOf("assets/"),b=i>=0?src.slice(0,i):"/";
var p=location.pathname.replace(/index\\.html$/,""),rel=r.slice(b.length).replace(/\\/$/,""),q=p.replace(/\\/$/,"");
if(q.slice(q.length-rel.length)!==rel)return;var u=q.slice(0,q.length-rel.length).replace(/\\/?$/,"/");if(u===b)return;
var n=document.createElement("div");n.id="sg-baseurl-banner";n.setAttribute("role","alert");
n.setAttribute("style","font:16px/1.5 system-ui,sans-serif;padding:12px 16px;background:#fff3cd;color:#3d2e00;border-bottom:2px solid #c99a00");
n.textContent="Your site did not load properly. A very common reason is a wrong base URL: this site was built for baseUrl = "+b+" but is served from "+u+". We suggest trying baseUrl = "+u;
document.body.insertBefore(n,document.body.firstChild)}catch(e){}})})();`;
}

/** The head script with this site's colour-mode options (light by default, following the system when asked). */
export const headScript = headScriptFor({ defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true });
