import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { folderWithPackageJson, PROJECT_ROOT } from './projectRoot';

describe('the project folder', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is the nearest folder above with a package.json, from any depth (src/server/ and dist-server/ alike)', () => {
    root = mkdtempSync(join(tmpdir(), 'studio-root-'));
    writeFileSync(join(root, 'package.json'), '{}');
    mkdirSync(join(root, 'src/server/demo'), { recursive: true });
    mkdirSync(join(root, 'dist-server'));
    expect(folderWithPackageJson(join(root, 'src/server/demo'))).toBe(root);
    expect(folderWithPackageJson(join(root, 'dist-server'))).toBe(root);
    expect(folderWithPackageJson(root)).toBe(root);
  });

  it('is where the server finds its own sources', () => {
    expect(existsSync(join(PROJECT_ROOT, 'src/server/main.ts'))).toBe(true);
  });
});
