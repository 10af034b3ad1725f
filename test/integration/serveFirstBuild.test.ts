// A tab left open across a restart of sitegen serve: during the first build it gets a page that waits for the
// site (with the live-reload client), not a 404 it would stay on, and it reloads once the site is built.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/serve/runServe';
import { md, writeSite } from '../helpers/site';
import { listenLiveReload } from '../helpers/liveReload';

/** A port free now (the server binds it a moment later). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('sitegen serve during its first build', () => {
  it('answers a page with a 503 page that carries the live-reload client, which is told to reload once the site is built', async () => {
    // Enough pages that the first build takes a while after the port is bound.
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`content/zh-Hans/docs/p${i}.md`] = md({ title: `P${i}`, description: 'p' }, `${'Text of the page. '.repeat(40)}\n\n\`\`\`ts\nconst n = ${i};\n\`\`\`\n`);
    const dir = writeSite(files);
    const port = await freePort();
    const io = { out: () => undefined, err: () => undefined, interactive: false };
    const starting = startDevServer({ port: String(port), host: '127.0.0.1', watch: false, config: `${dir}/site.config.ts` }, io);
    let first: { status: number; body: string } | null = null;
    for (const end = Date.now() + 20_000; !first && Date.now() < end; ) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/docs/p1`);
        first = { status: res.status, body: await res.text() };
      } catch {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    // Before: 404 "Not found", as text, with no client to tell it the site was there.
    expect(first?.status).toBe(503);
    expect(first?.body).toContain('<script src="/__sitegen/client.js"></script>');
    const events = await listenLiveReload(port);
    const server = await starting;
    try {
      const reload = await events.next((m) => m.type === 'reload');
      expect(reload.paths).toEqual(['*']);
      expect((await fetch(`http://127.0.0.1:${port}/docs/p1`)).status).toBe(200);
    } finally {
      events.close();
      await server.close();
    }
  }, 60_000);
});
