import { resolve } from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import type { ViteUserConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressDirectory } from './src/server/static/precompress.ts';
import { PREFETCH_META_NAME } from './src/lib/prefetch.ts';
import LongestFirstSequencer from './tests/support/longest-first-sequencer.ts';
import { databaseFreeTests } from './tests/support/database-free-tests.ts';
import { moduleMockingTests } from './tests/support/module-mocking-tests.ts';

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

/** The chunk of the charts: visx and its d3 parts, the chart components and the report's shaping of datasets. */
const CHARTS_CHUNK = 'charts';
const CHARTS_MODULES = /[\\/](src[\\/](charts|features[\\/]dashboards[\\/](chart-data|components))|node_modules[\\/]@visx)[\\/]/;
/** V8's explicit compile hint (Chrome 136+): compile every function of the file as it loads, not on its first call. */
const COMPILE_ALL_FUNCTIONS = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the charts chunk for eager compilation. A report's charts run nearly all of it the moment its datasets arrive;
 * compiled lazily, its functions were compiled then, on the main thread, between the data and the drawing. Compiled as
 * the chunk loads (with the route, before the datasets are asked for), the work is done off that critical moment.
 */
function eagerChartsChunk(): Plugin {
  return {
    name: 'studio:eager-charts',
    apply: 'build',
    // After minification, which would drop the comment; the hint must be the file's first line.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && output.name === CHARTS_CHUNK) output.code = COMPILE_ALL_FUNCTIONS + output.code;
        }
      },
    },
  };
}

/** jsPDF's optional imports, used by its HTML and SVG rendering only (src/lib/jspdf-unused-feature.ts). */
const JSPDF_UNUSED_FEATURES = ['html2canvas', 'canvg', 'dompurify'];

const UNIT_TESTS = 'src/**/*.test.{ts,tsx}';
const MOBILE_TESTS = 'src/gateway-agent/mobile/**/*.test.ts';

const UNIT_EXCLUDED = ['src/server/**', MOBILE_TESTS];
/** Files that replace modules run each in a worker of its own (tests/support/module-mocking-tests.ts). */
const MODULE_MOCKING_UNIT_TESTS = moduleMockingTests(import.meta.dirname, 'src').filter((file) => !file.startsWith('src/server/'));

const UNIT_PROJECT: ViteUserConfig['test'] = {
  environment: 'happy-dom',
  include: [UNIT_TESTS],
  setupFiles: ['tests/setup/unit.ts'],
  // vitest's default is one worker per core but one (the main process transforms): on two cores that ran the files one
  // at a time.
  maxWorkers: 2,
  // A safety net far above the normal case: tests wait on conditions, never on the clock.
  testTimeout: 60_000,
};

/**
 * The server tests' PostgreSQL half (STUDIO_TEST_POSTGRES_URL set by npm run test:server:pg) leaves out the files that
 * never open a database: they ran in the SQLite half, and would test the same code again.
 */
function serverTestsLeftOutOnPostgres(): string[] {
  if (!process.env.STUDIO_TEST_POSTGRES_URL) return [];
  const files = databaseFreeTests(import.meta.dirname, ['src/server', 'src/gateway-agent/mobile']);
  // vitest evaluates this file several times in one process: the list is printed once.
  const shown = Symbol.for('studio.leftOutOnPostgresShown');
  if (!(shown in globalThis)) {
    Object.defineProperty(globalThis, shown, { value: true });
    console.log(`== On PostgreSQL, ${files.length} server test files that open no database are left out (they ran on SQLite): ${files.join(', ')}`);
  }
  return files;
}


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
    eagerChartsChunk(),
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
            { name: CHARTS_CHUNK, test: CHARTS_MODULES, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    sequence: { sequencer: LongestFirstSequencer },
    // expect.poll ends as soon as its condition holds; vitest's 1 s default limit is a measure of speed, not a safety net.
    expect: { poll: { timeout: 20_000 } },
    projects: [
      {
        extends: true,
        test: {
          ...UNIT_PROJECT,
          name: 'unit',
          exclude: [...UNIT_EXCLUDED, ...MODULE_MOCKING_UNIT_TESTS],
          // Files share their worker's loaded modules and happy-dom window: a fresh worker per file spent more time on
          // starting (loading React, react-aria and the app, setting up happy-dom) and on code not yet optimised than on
          // the tests (437 s against 166 s). What a file leaves behind is put back at its end (tests/support/page-state.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...UNIT_PROJECT,
          name: 'unit-own-worker',
          include: MODULE_MOCKING_UNIT_TESTS,
          exclude: UNIT_EXCLUDED,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // The phone executor's tests drive a real Appium server, as the server's run tests drive real browsers.
          include: ['src/server/**/*.test.ts', MOBILE_TESTS],
          exclude: serverTestsLeftOutOnPostgres(),
          // Each file has its own servers, folders and databases; much of a file's time is spent waiting on them.
          maxWorkers: 2,
          // Files share a worker's loaded modules: each one starting the server's module graph anew took 218 s in all.
          // Every file starts its own servers and databases, so nothing a test sees outlives its file.
          isolate: false,
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
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Three files at a time: each has its own platform (PORT 0, its own data folder) and Chromium. Much of a file's
          // time is waiting on what it tests (a silent link's 2 s suspicion, a minute's soak), which left the two cores
          // 15 % idle with two files at a time; three took 644 s against 708 s, with the cores busy throughout.
          maxWorkers: 3,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
