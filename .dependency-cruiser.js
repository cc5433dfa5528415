/**
 * What the sign-in page may load before its form is usable (issue 25): the entry's static import graph, that is
 * src/main.tsx and every module it reaches without import(). The router imports each <route>.lazy.tsx with import(),
 * so route components and their features stay out of it; dynamic imports are not followed here either.
 * `npm run lint` runs it, and src/entry-graph.test.ts proves that it bites.
 */

/** The sign-in frame (the root route's AuthLayout) and what the root route and the guards need to pick a frame. */
const SIGN_IN_FRAME = [
  '^src/features/auth/',
  '^src/features/shell/layout-visibility\\.ts$',
  '^src/features/shell/route-meta\\.ts$',
  '^src/features/shell/components/(AuthLayout|PageFrame|PageSpinner|SignInNeededBanner|UpdatePrompt)\\.tsx$',
  '^src/features/shell/components/(sign-in-banner|UpdatePrompt)\\.css$',
];

/** Libraries of the signed-in app: charts, dates and date pickers, virtualised tables, and zod with its contracts. */
const SIGNED_IN_LIBRARIES = [
  '@visx/',
  'd3-[a-z-]+/',
  'math-expression-evaluator/',
  'luxon/',
  '@internationalized/date/',
  '@tanstack/(react-virtual|virtual-core)/',
  'zod/',
].map((library) => `(^|/)node_modules/${library}`);

export default {
  forbidden: [
    {
      name: 'sign-in-entry-stays-light',
      comment:
        'The entry (src/main.tsx) reaches this statically, so the sign-in page downloads it before its form is usable. ' +
        'Load it with import(): a route component belongs in <route>.lazy.tsx, a loader imports its query options with import().',
      severity: 'error',
      from: { path: '^src/main\\.tsx$' },
      to: {
        reachable: true,
        path: ['^src/features/', '^src/charts/', '^src/shared/contracts/', ...SIGNED_IN_LIBRARIES],
        pathNot: SIGN_IN_FRAME,
      },
    },
  ],
  options: {
    // The static graph only: what import() loads is what the page fetches later.
    exclude: { dynamic: true },
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports vanish in the build.
    tsPreCompilationDeps: false,
  },
};
