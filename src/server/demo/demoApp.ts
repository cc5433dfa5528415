import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Context, Env, Hono } from 'hono';
import { endpoints } from '../../shared/endpoints';
import { PROJECT_ROOT } from '../projectRoot';
import { registerFlakyPage } from './flakyPage';

const PUBLIC_DIR = join(PROJECT_ROOT, 'src/server/demo/public');
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const INDEX = 'index.html';

interface DemoFile {
  body: Buffer;
  contentType: string;
}

/** The few demo files, read once: the route serves only these names, so no request path reaches the file system. */
function loadDemoFiles(): Map<string, DemoFile> {
  return new Map(
    readdirSync(PUBLIC_DIR)
      .filter((name) => CONTENT_TYPES[extname(name)] !== undefined)
      .map((name) => [name, { body: readFileSync(join(PUBLIC_DIR, name)), contentType: CONTENT_TYPES[extname(name)] ?? '' }]),
  );
}

/**
 * Serves the demo web application (a sign-in form, a list page, and a page that fails at random) under /demo-app/, a
 * target the seeded collections and first-time users can run browser flows against without anything else installed.
 */
export function registerDemoApp<E extends Env>(app: Hono<E>): void {
  const files = loadDemoFiles();
  const root = endpoints.demoApp;
  const serve = (c: Context<E>, name: string) => {
    const file = files.get(name);
    if (!file) return c.text('Not found', 404);
    return c.body(new Uint8Array(file.body), 200, { 'Content-Type': file.contentType, 'Cache-Control': 'no-cache' });
  };
  app.get(root.slice(0, -1), (c) => c.redirect(root, 302));
  app.get(root, (c) => serve(c, INDEX));
  registerFlakyPage(app);
  app.get(`${root}:name`, (c) => serve(c, c.req.param('name')));
}
