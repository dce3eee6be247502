import { build } from 'vite';
import { gzipSync } from 'node:zlib';
await build({
  logLevel: 'warn',
  build: { outDir: '/tmp/i28-dist', emptyOutDir: true, write: true },
  plugins: [{
    name: 'sizes',
    generateBundle(_o, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !/^(main|i18n|index|paths)/.test(chunk.name)) continue;
        const rows = Object.entries(chunk.modules).map(([id, m]) => [m.renderedLength, gzipSync(m.code ?? '').length, id.replace(process.cwd(), '')]);
        rows.sort((a, b) => b[1] - a[1]);
        console.log('==', chunk.fileName);
        for (const r of rows.slice(0, 40)) console.log(r.join('\t'));
      }
    },
  }],
});
