import { it } from 'vitest';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSidebars } from '../../../src/routes/sidebars.js';

it('probe', async () => {
  const cases = [
    'guides:\n  - guides/summary\n  - label: 划词翻译\n  - label: { zh-Hans: 面板, en: Panel }\n    items: [guides/card, 42]\nfaqs:\nlogs: guides/x\n',
    'guides:\n  - label: x\n    itemz: [a]\n    items:\n      - a\n      - [b]\n',
    '- a\n- b\n',
    'a: [x\n',
  ];
  for (const text of cases) {
    const root = mkdtempSync(join(tmpdir(), 'sg-'));
    mkdirSync(join(root, 'content'));
    writeFileSync(join(root, 'content/sidebars.yaml'), text);
    const r = await loadSidebars({ root, contentDir: join(root, 'content') } as any);
    console.log('=====\n' + text + '\n' + JSON.stringify(r));
  }
});
