import { describe, expect, it } from 'vitest';
import { createLogger, DEFAULT_LOG_LEVEL, LOG_LEVELS, log, parseLogLevel, REDACTED, withLogger, type LogLevel } from './logger';

/** A logger writing into an array, as the server's does into standard output. */
function capturedLogger(level: LogLevel = 'info') {
  const lines: string[] = [];
  const logger = createLogger({ level, destination: { write: (line: string) => void lines.push(line) } });
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the structured server log', () => {
  it('reads LOG_LEVEL: the levels in any case, info when unset or blank, a clear error otherwise', () => {
    expect(parseLogLevel(undefined)).toBe(DEFAULT_LOG_LEVEL);
    expect(parseLogLevel('  ')).toBe('info');
    for (const level of LOG_LEVELS) expect(parseLogLevel(level.toUpperCase())).toBe(level);
    expect(() => parseLogLevel('verbose')).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "verbose"');
    expect(() => parseLogLevel('30')).toThrow(/LOG_LEVEL must be one of/);
  });

  it('writes one JSON object a line, with an ISO time, and nothing below its level', () => {
    const { logger, lines, entries } = capturedLogger('warn');
    logger.info('not written');
    logger.warn({ statusId: 'run-1' }, 'written');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('\n')).toBe(true);
    expect(entries()[0]).toMatchObject({ level: 40, msg: 'written', statusId: 'run-1', service: 'studio-platform', time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
  });

  it('redacts passwords, tokens, secrets, authorization headers and cookies, at the top and nested', () => {
    const { logger, lines, entries } = capturedLogger();
    logger.info(
      {
        password: 'hunter2-top',
        token: 'tok-top',
        req: { headers: { authorization: 'Bearer jwt-in-header', cookie: 'sid=cookie-value', 'set-cookie': 'sid=set-value', accept: 'text/html' } },
        smtp: { host: 'smtp.example.test', password: 'smtp-secret' },
        settings: { jira: { apiToken: 'jira-api-token', baseUrl: 'https://jira.example.test' }, google: { clientSecret: 'google-secret' } },
        session: { refreshToken: 'refresh-value', accessToken: 'access-value' },
        user: { email: 'mia@example.test', passwordHash: 'scrypt$hash' },
      },
      'configuration saved',
    );
    const text = lines.join('');
    for (const secret of ['hunter2-top', 'tok-top', 'jwt-in-header', 'cookie-value', 'set-value', 'smtp-secret', 'jira-api-token', 'google-secret', 'refresh-value', 'access-value', 'scrypt$hash']) {
      expect(text).not.toContain(secret);
    }
    expect(entries()[0]).toMatchObject({
      password: REDACTED,
      token: REDACTED,
      req: { headers: { authorization: REDACTED, cookie: REDACTED, 'set-cookie': REDACTED, accept: 'text/html' } },
      smtp: { host: 'smtp.example.test', password: REDACTED },
      settings: { jira: { apiToken: REDACTED, baseUrl: 'https://jira.example.test' }, google: { clientSecret: REDACTED } },
      user: { email: 'mia@example.test', passwordHash: REDACTED },
    });
  });

  it("log() answers the logger of the work under way, through awaits and timers, and the process's outside any", async () => {
    const outer = capturedLogger();
    const inner = capturedLogger();
    const processLogger = log();
    await withLogger(outer.logger, async () => {
      log().info('outer');
      await withLogger(inner.logger.child({ requestId: 'req-1' }), async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        log().info('inner');
      });
      log().info('outer again');
    });
    expect(log()).toBe(processLogger);
    expect(outer.entries().map((entry) => entry.msg)).toEqual(['outer', 'outer again']);
    expect(inner.entries()).toEqual([expect.objectContaining({ msg: 'inner', requestId: 'req-1' })]);
  });
});
