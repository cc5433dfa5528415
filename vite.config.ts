/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDirectory } from './src/server/static/precompress.ts';
import { PREFETCH_META_NAME } from './src/lib/prefetch.ts';

const serverPort = process.env.PORT ?? '8080';

/** What the first page after signing in needs: the signed-in shell, its chrome, and the offline layer it starts. */
const SIGNED_IN_APP_MODULES = [
  'src/routes/-collection-status.tsx',
  'src/features/shell/components/Header.tsx',
  'src/features/shell/components/SideMenu.tsx',
  'src/offline/offline-queues.ts',
  'src/offline/query-persistence.ts',
];

const SIGN_IN_PAGE_MODULE = 'src/features/auth/pages/LoginPage.tsx';

/** The chunks `roots` need, with every chunk they import, and their styles. */
function chunkClosure(bundle: Rollup.OutputBundle, roots: Rollup.OutputChunk[]): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  roots.forEach(visit);
  return files;
}

/**
 * Writes into index.html the files of the signed-in app that the sign-in page has not loaded already, for the sign-in
 * pages to prefetch while the browser is idle (src/lib/prefetch.ts).
 */
function signedInAppPrefetchList(): Plugin {
  let base = '/';
  return {
    name: 'studio:signed-in-prefetch',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
        const chunkOf = (module: string) => {
          const holder = chunks.find((chunk) => chunk.moduleIds.includes(resolve(module)));
          if (!holder) throw new Error(`No chunk holds ${module}`);
          return holder;
        };
        const loaded = chunkClosure(bundle, [entry, chunkOf(SIGN_IN_PAGE_MODULE)]);
        const files = [...chunkClosure(bundle, SIGNED_IN_APP_MODULES.map(chunkOf))].filter((file) => !loaded.has(file));
        return [{ tag: 'meta', attrs: { name: PREFETCH_META_NAME, content: files.map((file) => `${base}${file}`).join(' ') }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * Writes brotli and gzip copies of every text file of the build for the server to send by Accept-Encoding. It runs
 * last, after vite-plugin-pwa has written the service worker and its precache manifest, so those get copies too.
 */
function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'studio:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error) {
        if (error) return;
        const { files, written } = await precompressDirectory(outDir);
        this.info(`wrote ${written} brotli and gzip copies of ${files} text files`);
      },
    },
  };
}

/** jsPDF's optional imports, used by its HTML and SVG rendering only (src/lib/jspdf-unused-feature.ts). */
const JSPDF_UNUSED_FEATURES = ['html2canvas', 'canvg', 'dompurify'];

const UNIT_TESTS = 'src/**/*.test.{ts,tsx}';

/**
 * Unit test files that need a worker of their own, found by reading the files so that a new one cannot slip into the
 * shared workers: those that replace modules with vi.mock (a mock would outlive its file), and those that put Node's
 * Blob and File in place of happy-dom's (tests/support/cloneable-blobs.ts, imported directly or through the offline
 * database and upload helpers): happy-dom's FormData and downloads in the other files need happy-dom's own.
 */
const OWN_WORKER_TESTS = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .map((file) => `src/${file}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith('src/server/'))
  .filter((file) => /\bvi\.(do)?mock\(|support\/(cloneable-blobs|offline-db|fetch-upload-transport)'/.test(readFileSync(file, 'utf8')))
  .sort();

const unitProject = {
  environment: 'happy-dom' as const,
  // vitest's default is one worker per core but one (the main process transforms); two keep both cores busy.
  maxWorkers: 2,
  include: [UNIT_TESTS],
  setupFiles: ['tests/setup/unit.ts'],
  // A safety net far above the normal case: tests wait on conditions, never on the clock.
  testTimeout: 60_000,
};

export default defineConfig({
  base: '/studio/',
  resolve: {
    alias: Object.fromEntries(JSPDF_UNUSED_FEATURES.map((name) => [name, resolve(import.meta.dirname, 'src/lib/jspdf-unused-feature.ts')])),
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      routeFileIgnorePattern: '\\.test\\.',
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        globIgnores: ['assets/studio_config.json', 'assets/staging_config.json'],
      },
      devOptions: { enabled: false },
    }),
    signedInAppPrefetchList(),
    precompressBuild(),
  ],
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${serverPort}`,
      '/demo-app': `http://127.0.0.1:${serverPort}`,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes in one chunk, and the sign-in page with what it needs in another:
        // the sign-in page then takes two requests instead of a dozen small ones (each with its own headers), and larger
        // texts compress better.
        codeSplitting: {
          groups: [
            { name: 'app-start', tags: ['$initial'], priority: 2 },
            { name: 'sign-in', test: /[\\/]src[\\/](routes[\\/]login\.tsx|features[\\/]auth[\\/]pages[\\/]LoginPage\.tsx)/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          ...unitProject,
          name: 'unit',
          // Files share a worker, so packages load once per worker rather than once per file; tests/setup/file-boundary.ts
          // gives each file fresh app modules, timers and IndexedDB. OWN_WORKER_TESTS run apart.
          isolate: false,
          exclude: ['src/server/**', ...OWN_WORKER_TESTS],
        },
      },
      {
        extends: true,
        test: {
          ...unitProject,
          name: 'unit-isolated',
          include: OWN_WORKER_TESTS.length > 0 ? OWN_WORKER_TESTS : ['no-own-worker-tests'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          // Each file has its own servers, folders and databases; much of a file's time is spent waiting on them.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
