import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { AgentRecordingCommand, RecordedAction } from '../shared/contracts/recordings';
import { CAPTURE_BINDING, capturedActionSchema, captureScript, type CapturedAction } from './capture';
import { chromiumArgs } from './chromium';

/** The platform's three recording calls; every answer is its current wish for the recording. */
export interface RecordingSink {
  actions(recordingId: string, actions: RecordedAction[]): Promise<AgentRecordingCommand>;
  state(recordingId: string, status: 'IDLE' | 'CANCELLED', message: string): Promise<AgentRecordingCommand>;
  finish(recordingId: string): Promise<AgentRecordingCommand>;
}

export interface RecorderOptions {
  chromiumPath: string;
  headless: boolean;
  sink: RecordingSink;
  /** The recording browser listens for CDP on 127.0.0.1:port, so a test can drive it as a tester would. */
  debugPort?: number | undefined;
  log?: (line: string) => void;
  /** How long actions wait to be sent together. */
  flushMs?: number;
}

/** A navigation this soon after a recorded action was caused by it (a link, a submit), so it is no 'open' step. */
export const CAUSED_NAVIGATION_MS = 1_500;
const FLUSH_MS = 500;
const MAX_BATCH = 500;
const STEP_NAME_MAX = 200;

const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

function stepNameOf(captured: CapturedAction): string {
  const name = (() => {
    switch (captured.kind) {
      case 'click':
        return `Click ${captured.label}`;
      case 'type':
        return `Type into ${captured.label}`;
      case 'select':
        return `Select "${captured.value}" in ${captured.label}`;
      case 'check':
        return `${captured.value === 'true' ? 'Check' : 'Uncheck'} ${captured.label}`;
      case 'press':
        return `Press ${captured.value} in ${captured.label}`;
    }
  })();
  return name.length > STEP_NAME_MAX ? `${name.slice(0, STEP_NAME_MAX - 1)}…` : name;
}

/** The title of the page a new recording browser shows: what to do next, and, for a test driving it, that capture is on. */
export const RECORDING_START_TITLE = 'Recording: open the app to record';

function recordingStartPage(name: string): string {
  const escaped = name.replace(/[<>&"]/g, (character) => `&#${character.charCodeAt(0)};`);
  const html =
    `<!doctype html><meta charset="utf-8"><title>${RECORDING_START_TITLE}</title>` +
    `<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto"><h1>Recording ${escaped}</h1>` +
    '<p>Type the address of the app to record in the address bar above. Every page you open and every click, entry, ' +
    'selection and check box is recorded until you press Stop in the platform. Closing this window pauses the recording.</p></body>';
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}

interface Session {
  recordingId: string;
  name: string;
  profileDir: string;
  context: BrowserContext | undefined;
  /** Actions not yet stored by the platform, in seq order. */
  pending: RecordedAction[];
  nextSeq: number;
  /** Actions below this seq are in a batch on its way: they must not change any more. */
  sendingBelow: number;
  lastUrl: string | undefined;
  lastActionAt: number;
  ended: boolean;
  /** The tester closed the browser: no reopening until the platform answered the IDLE report. */
  closedByUser: boolean;
  /** Ticket of the last state change this agent reported: older claim answers are stale. */
  reportedAt: number;
  flushTimer: NodeJS.Timeout | undefined;
  flushing: Promise<void>;
  finishing: Promise<void> | undefined;
}

/**
 * The agent's recording: reconciles the platform's wish (from every claim answer) with a local Chromium on the
 * tester's machine, turns what the tester does there into step actions and sends them in batches.
 */
export class AgentRecorder {
  private session: Session | undefined;
  private tickets = 0;
  private readonly log: (line: string) => void;

  constructor(private readonly options: RecorderOptions) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  /** The CDP address of the open recording browser when it listens (debugPort; 0 lets Chromium pick the port). */
  async debugUrl(): Promise<string | undefined> {
    const session = this.session;
    if (this.options.debugPort === undefined || !session?.context) return undefined;
    // Chromium writes the port it listens on as the first line of this file in its profile.
    const [port] = (await readFile(join(session.profileDir, 'DevToolsActivePort'), 'utf8')).split('\n');
    return `http://127.0.0.1:${port}`;
  }

  /** While true the agent claims with idle:false, so no run is taken meanwhile. */
  get busy(): boolean {
    return this.session !== undefined && !this.session.ended;
  }

  /** Taken before a claim is sent: reconcile ignores the answer if this agent reported a change meanwhile. */
  ticket(): number {
    this.tickets += 1;
    return this.tickets;
  }

  async reconcile(command: AgentRecordingCommand | null, ticket = this.ticket()): Promise<void> {
    const current = this.session;
    if (current && (!command || command.recordingId !== current.recordingId)) {
      await this.end(current, false);
      this.session = undefined;
    }
    if (!command) return;
    let session = this.session;
    if (!session) {
      if (command.status !== 'INPROGRESS') return;
      session = await this.newSession(command);
    }
    if (ticket < session.reportedAt || session.ended) return;
    this.apply(session, command);
    if (command.status === 'INPROGRESS' && !session.context && !session.closedByUser) await this.open(session);
    else if (command.status === 'PROCESSING') await this.finish(session);
    else if (command.status === 'CANCELLED' || command.status === 'COMPLETED') await this.end(session, false);
  }

  /** The agent stops: the browser closes, and what was not sent is lost with it. */
  async close(): Promise<void> {
    if (this.session) await this.end(this.session, false);
    this.session = undefined;
  }

  private async newSession(command: AgentRecordingCommand): Promise<Session> {
    const session: Session = {
      recordingId: command.recordingId,
      name: command.name,
      profileDir: await mkdtemp(join(tmpdir(), 'gateway-agent-recording-')),
      context: undefined,
      pending: [],
      nextSeq: command.nextSeq,
      sendingBelow: command.nextSeq,
      lastUrl: undefined,
      lastActionAt: 0,
      ended: false,
      closedByUser: false,
      reportedAt: 0,
      flushTimer: undefined,
      flushing: Promise.resolve(),
      finishing: undefined,
    };
    this.session = session;
    this.log(`Recording ${command.name} (${command.recordingId})`);
    return session;
  }

  /** What the platform already stores need not be sent again. */
  private apply(session: Session, command: AgentRecordingCommand): void {
    session.pending = session.pending.filter((action) => action.seq >= command.nextSeq);
    session.nextSeq = Math.max(session.nextSeq, command.nextSeq);
  }

  private async open(session: Session): Promise<void> {
    const { headless, chromiumPath, debugPort } = this.options;
    let context: BrowserContext;
    try {
      context = await chromium.launchPersistentContext(session.profileDir, {
        executablePath: chromiumPath,
        headless,
        viewport: null,
        args: [
          ...chromiumArgs(headless),
          ...(debugPort === undefined ? [] : [`--remote-debugging-port=${debugPort}`, '--remote-debugging-address=127.0.0.1']),
        ],
      });
      await context.exposeBinding(CAPTURE_BINDING, ({ page }, reported: unknown) => {
        // The page could call the binding itself: only well-formed actions count.
        const captured = capturedActionSchema.safeParse(reported);
        if (captured.success) this.captured(session, page, captured.data);
      });
      await context.addInitScript(captureScript());
    } catch (error) {
      const message = `The recording browser could not start: ${describeError(error)}`;
      this.log(message);
      await this.report(session, () => this.options.sink.state(session.recordingId, 'CANCELLED', message));
      await this.end(session, false);
      return;
    }
    session.context = context;
    session.closedByUser = false;
    const watch = (page: Page) => {
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) this.navigated(session, frame.url());
      });
      page.on('close', () => {
        if (session.context === context && context.pages().length === 0) void this.closedByTester(session, context);
      });
    };
    context.on('page', watch);
    context.on('close', () => {
      if (session.context === context) void this.closedByTester(session, context);
    });
    for (const existing of context.pages()) watch(existing);
    const page = context.pages()[0] ?? (await context.newPage());
    if (session.lastUrl) {
      // Reopening where the tester was is no action of theirs.
      session.lastActionAt = Date.now();
      await page.goto(session.lastUrl).catch((error: unknown) => this.log(`Could not reopen ${session.lastUrl}: ${describeError(error)}`));
      return;
    }
    // Opened only now that capture is set up, so whatever the tester does from this page on is recorded.
    await page.goto(recordingStartPage(session.name)).catch((error: unknown) => this.log(`Could not show the start page: ${describeError(error)}`));
  }

  private async closedByTester(session: Session, context: BrowserContext): Promise<void> {
    session.context = undefined;
    session.closedByUser = true;
    session.reportedAt = this.ticket();
    await context.close().catch(() => undefined);
    if (session.ended) return;
    this.log(`Recording ${session.recordingId}: the browser was closed, waiting to continue`);
    await this.flush(session);
    const answer = await this.report(session, () => this.options.sink.state(session.recordingId, 'IDLE', ''));
    session.closedByUser = false;
    if (answer) await this.reconcile(answer, this.ticket());
  }

  private navigated(session: Session, url: string): void {
    if (!/^https?:/i.test(url)) return;
    session.lastUrl = url;
    if (Date.now() - session.lastActionAt < CAUSED_NAVIGATION_MS) return;
    this.push(session, { action: 'open', stepName: `Open ${url}`.slice(0, STEP_NAME_MAX), target: url, value: '' });
  }

  private captured(session: Session, page: Page, captured: CapturedAction): void {
    if (session.ended) return;
    session.lastUrl = /^https?:/i.test(page.url()) ? page.url() : session.lastUrl;
    const last = session.pending.at(-1);
    // Typing sends the whole value on every keystroke: the last one still unsent says it all.
    if (captured.kind === 'type' && last && last.action === 'type' && last.target === captured.selector && last.seq >= session.sendingBelow) {
      last.value = captured.value;
      session.lastActionAt = Date.now();
      return;
    }
    this.push(session, { action: captured.kind, stepName: stepNameOf(captured), target: captured.selector, value: captured.value });
  }

  private push(session: Session, action: Omit<RecordedAction, 'seq'>): void {
    const seq = (session.pending.at(-1)?.seq ?? session.nextSeq - 1) + 1;
    session.pending.push({ seq, ...action });
    session.lastActionAt = Date.now();
    this.scheduleFlush(session);
  }

  private scheduleFlush(session: Session): void {
    if (session.ended || session.finishing) return;
    session.flushTimer ??= setTimeout(() => {
      session.flushTimer = undefined;
      void this.flush(session);
    }, this.options.flushMs ?? FLUSH_MS);
  }

  /** Sends what the platform lacks, one batch at a time; a batch lost to a drop goes again from the answer's nextSeq. */
  private flush(session: Session): Promise<void> {
    session.flushing = session.flushing.then(async () => {
      while (!session.ended && session.pending.length > 0) {
        const batch = session.pending.slice(0, MAX_BATCH);
        const last = batch.at(-1);
        if (!last) return;
        session.sendingBelow = last.seq + 1;
        const answer = await this.report(session, () => this.options.sink.actions(session.recordingId, batch.map((action) => ({ ...action }))));
        if (!answer) {
          // The link stayed down through every retry: try again later rather than wait for the next action.
          this.scheduleFlush(session);
          return;
        }
        this.apply(session, answer);
        if (answer.status === 'CANCELLED') await this.end(session, false);
      }
    });
    return session.flushing;
  }

  private finish(session: Session): Promise<void> {
    session.finishing ??= (async () => {
      const context = session.context;
      session.context = undefined;
      // Actions the page still reports while closing belong to the recording.
      await context?.close().catch(() => undefined);
      if (session.flushTimer) clearTimeout(session.flushTimer);
      session.flushTimer = undefined;
      await this.flush(session);
      if (session.ended) return;
      const finished = session.pending.length === 0 && (await this.report(session, () => this.options.sink.finish(session.recordingId)));
      if (!finished) {
        // The link dropped: the next PROCESSING answer tries again with what is still unsent.
        session.finishing = undefined;
        return;
      }
      this.log(`Recording ${session.recordingId} finished`);
      await this.end(session, true);
    })();
    return session.finishing;
  }

  /** A refused or unreachable report is logged; the next claim answer says what the platform wants then. */
  private async report(session: Session, send: () => Promise<AgentRecordingCommand>): Promise<AgentRecordingCommand | undefined> {
    try {
      return await send();
    } catch (error) {
      this.log(`Recording ${session.recordingId}: a report failed (${describeError(error)})`);
      return undefined;
    }
  }

  private async end(session: Session, finished: boolean): Promise<void> {
    if (session.ended) return;
    session.ended = true;
    if (session.flushTimer) clearTimeout(session.flushTimer);
    session.flushTimer = undefined;
    const context = session.context;
    session.context = undefined;
    await context?.close().catch(() => undefined);
    await rm(session.profileDir, { recursive: true, force: true }).catch(() => undefined);
    if (!finished) this.log(`Recording ${session.recordingId} ended`);
  }
}
