import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The app's chunk, or a page's that the server draws (every `*-page` but the back-office's). */
const loadsWithDrawnPage = (file: string) =>
  /(^|\/)main-[\w-]+\.js$/.test(file) ||
  (/-page-[\w-]+\.js$/.test(file) && !/(^|\/)admin-(?!login-page-)/.test(file));

/**
 * Writes `.br` and `.gz` beside every built text file of 1 KB or more, at the highest levels, so
 * the server sends them as they are (@fastify/static `preCompressed`) with no work per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'archive-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) =>
        /\.(js|css|html|svg|json|txt)$/.test(f),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const content = await readFile(path);
          if (content.length < 1024) return;
          await writeFile(
            `${path}.br`,
            await promisify(brotliCompress)(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          await writeFile(`${path}.gz`, await promisify(gzip)(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Writes the URL of the app's chunk (web/main.tsx) into the built index.html as
 * `<meta name="app-module">`: start.ts has the browser fetch it while React is fetched and started,
 * and evaluates it after. (index.html is never cached, so the URL is always the build's.)
 */
function appModuleMeta(): Plugin {
  let base = '/';
  return {
    name: 'archive-app-module-meta',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const app = Object.values(bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith('/web/main.tsx'),
        );
        if (!app) throw new Error('the build has no chunk for web/main.tsx');
        return [
          { tag: 'meta', attrs: { name: 'app-module', content: `${base}${app.fileName}` }, injectTo: 'head' },
        ];
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  root: resolve(import.meta.dirname, 'web'),
  plugins: [react(), tailwindcss(), appModuleMeta(), precompress()],
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    modulePreload: {
      // start.ts loads the app once the page is painted; the app's own modules, and those of the
      // pages the server draws, are not announced to the browser for preloading when they load:
      // a <link> per module, written into the page at that moment, was one more long task on a
      // phone (for a drawn page, inside React's first render). The browser finds them one level
      // deep itself. Back-office screens and lazy parts (the lightbox, dialogs) keep their preloads.
      resolveDependencies: (file, deps) => (loadsWithDrawnPage(file) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // React and the router change rarely: a chunk of their own stays cached across releases.
        // Named packages only, so libraries used by lazy admin screens never join the entry.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Forms and the submission screen validate with zod; the public pages never need it.
            { name: 'zod', test: /node_modules[\\/](zod|@hookform)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/files': apiTarget,
    },
  },
});
