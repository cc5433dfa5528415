import { describe, expect, it } from 'vitest';
import { listeningMessage, listeningOriginOf } from './listeningLine';

const logLine = (msg: string) => JSON.stringify({ level: 30, time: 1, msg });

describe('the server start line', () => {
  it('gives back the origin of the address the server wrote', () => {
    expect(listeningOriginOf(logLine(listeningMessage('http://127.0.0.1:41234/studio/')))).toBe('http://127.0.0.1:41234');
    expect(listeningOriginOf(logLine(listeningMessage('https://[::1]:8443/studio/')))).toBe('https://[::1]:8443');
  });

  it('reads no origin from any other line', () => {
    expect(listeningOriginOf(logLine('Administrator created'))).toBeUndefined();
    // Said in passing, in another message, or outside the app's path: not the start line.
    expect(listeningOriginOf(logLine(`Note: ${listeningMessage('http://127.0.0.1:1/studio/')}`))).toBeUndefined();
    expect(listeningOriginOf(logLine(listeningMessage('http://127.0.0.1:1/')))).toBeUndefined();
    // Not JSON, or JSON cut short, as a crash can leave it.
    expect(listeningOriginOf(listeningMessage('http://127.0.0.1:1/studio/'))).toBeUndefined();
    expect(listeningOriginOf('{"msg":"Studio platform listening on http://127.0.0.1:1/stu')).toBeUndefined();
    expect(listeningOriginOf(JSON.stringify({ msg: 42 }))).toBeUndefined();
  });
});
