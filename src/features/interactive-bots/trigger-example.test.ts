import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlExample } from './trigger-example';

describe('curlExample', () => {
  it('quotes every argument so that a shell passes it to curl unchanged', () => {
    const command = curlExample('http://host:8080/api/controlroom/interactive/trigger', "it's $HOME `x`", 'abc-_123');
    expect(command).toBe(
      [
        "curl -X POST 'http://host:8080/api/controlroom/interactive/trigger' \\",
        "  -H 'Authorization: Bearer abc-_123' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"intent":"it'\\''s $HOME \`x\`"}'`,
      ].join('\n'),
    );
    // The shell hands the body over exactly: echo stands in for curl.
    const echoed = execFileSync('sh', ['-c', command.replace(/^curl /, 'printf "%s\\n" ')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(echoed.at(-1)).toBe(JSON.stringify({ intent: "it's $HOME `x`" }));
  });
});
