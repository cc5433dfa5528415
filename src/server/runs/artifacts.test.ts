import { describe, expect, it } from 'vitest';
import { resolveArtifact } from './artifacts';

describe('resolveArtifact', () => {
  const root = '/data/artifacts';

  it('resolves paths inside the artifacts folder', () => {
    expect(resolveArtifact(root, 'run-1/0001-step.png')).toBe('/data/artifacts/run-1/0001-step.png');
    expect(resolveArtifact(root, 'run-1/./video/a.webm')).toBe('/data/artifacts/run-1/video/a.webm');
  });

  it('refuses every way out of the folder', () => {
    for (const path of ['', '..', '../studio.sqlite', 'run-1/../../x', '/etc/passwd', 'run-1/\0.png', '.']) {
      expect(resolveArtifact(root, path), path).toBeNull();
    }
  });
});
