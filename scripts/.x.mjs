import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
const server = spawn('node', ['bin/sitegen.js', 'serve', '--port', '3111'], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 2500));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto('http://localhost:3111/en/search?q=deepl');
await page.waitForSelector('.search-page-list .is-nested');
await page.waitForTimeout(800);
const r = await page.evaluate(() => [...document.querySelectorAll('.search-page-list > li')].slice(0, 8).map((li) => {
  const res = li.querySelector('.search-result'); const b = res.getBoundingClientRect(); const cs = getComputedStyle(res, '::before');
  const a = li.querySelector('a').getBoundingClientRect();
  return { cls: res.className, liTop: Math.round(li.getBoundingClientRect().top), aTop: Math.round(a.top), aBottom: Math.round(a.bottom), top: Math.round(b.top), bottom: Math.round(b.bottom), beforeTop: cs.top, beforeBottom: cs.bottom, h: cs.height };
}));
console.log(r);
await browser.close(); server.kill();
