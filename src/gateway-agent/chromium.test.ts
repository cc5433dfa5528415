import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium, hasDisplay } from './chromium';

describe('the gateway agent on a tester machine', () => {
  it('opens a window on Linux only with a display server, and always on macOS and Windows', () => {
    expect(hasDisplay({}, 'linux')).toBe(false);
    expect(hasDisplay({ DISPLAY: ':0' }, 'linux')).toBe(true);
    expect(hasDisplay({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
    expect(hasDisplay({ DISPLAY: '  ' }, 'linux')).toBe(false);
    expect(hasDisplay({}, 'darwin')).toBe(true);
    expect(hasDisplay({}, 'win32')).toBe(true);
  });

  it('takes CHROMIUM_PATH first, else the usual Chrome install it finds, else none', async () => {
    expect(await findChromium({ CHROMIUM_PATH: ' /opt/chrome/chrome ' }, 'linux')).toBe('/opt/chrome/chrome');
    const root = await mkdtemp(join(tmpdir(), 'agent-chrome-'));
    try {
      expect(await findChromium({ PROGRAMFILES: root }, 'win32')).toBeUndefined();
      const chrome = join(root, 'Google', 'Chrome', 'Application', 'chrome.exe');
      await mkdir(join(root, 'Google', 'Chrome', 'Application'), { recursive: true });
      await writeFile(chrome, '', { mode: 0o755 });
      expect(await findChromium({ PROGRAMFILES: root }, 'win32')).toBe(chrome);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
