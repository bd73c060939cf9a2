// The draw clock (DESIGN §7, §8): one tick moves every draw that is due one step along DRAW_OPEN -> CLOSED -> DRAWN
// -> SCORED -> PAID (-> EMAILED), and keeps every game's schedule 8 weeks ahead. Each step is a conditional UPDATE
// in the draws module, so a tick can run twice, in two processes at once, or after a crash half-way, and every draw
// still moves exactly once. The lead schedules it with the job runner; tests call it with an injected clock.
import {
  DEFAULT_SCHEDULE_WEEKS,
  type DrawSummary,
  type DrawsService,
  type ResultsProvider,
} from '../modules/draws/index.ts';
import type { Clock } from '../lib/clock.ts';

export interface DrawClockDeps {
  draws: DrawsService;
  /** Settles a DRAW_DRAWN (or half-settled DRAW_SCORED) draw: scores lines, records and credits prizes, marks it paid. */
  settle: (drawId: string) => Promise<unknown>;
  provider: ResultsProvider;
  clock: Clock;
  /** Tells a paid draw's winners; when given, the draw then moves to DRAW_EMAILED. */
  emailWinners?: (drawId: string) => Promise<unknown>;
  scheduleWeeks?: number;
  /** Draws handled per step and tick; the rest wait for the next tick. */
  batch?: number;
}

export interface DrawClockReport {
  closed: string[];
  /** Pre-order draws now sold as standard. */
  salesOpened: string[];
  drawn: string[];
  settled: string[];
  emailed: string[];
  scheduled: number;
  /** A draw that failed a step stays where it is and is tried again next tick; the others go on. */
  failures: { drawId: string; step: 'result' | 'settle' | 'email'; message: string }[];
}

export async function drawClockTick(deps: DrawClockDeps): Promise<DrawClockReport> {
  const { draws, provider, clock } = deps;
  const batch = deps.batch ?? 100;
  const now = clock.now();
  const report: DrawClockReport = {
    closed: [],
    salesOpened: [],
    drawn: [],
    settled: [],
    emailed: [],
    scheduled: 0,
    failures: [],
  };
  const fail = (draw: DrawSummary, step: DrawClockReport['failures'][number]['step'], err: unknown) =>
    report.failures.push({ drawId: draw.id, step, message: err instanceof Error ? err.message : String(err) });

  report.closed = (await draws.closeDue(now)).map((d) => d.id);
  // Pre-order draws whose standard sales have opened: the recurring processor then charges their pre-orders.
  report.salesOpened = (await draws.openPreOrderSales(now)).map((d) => d.id);

  for (const draw of await draws.drawsInState('DRAW_CLOSED', { limit: batch, dueBy: now })) {
    try {
      const provided = await provider.resultFor(draw);
      if (!provided) continue;
      const step = await draws.recordResult(draw.id, provided.result, provided.dividends, provider.source);
      if (step.changed) report.drawn.push(draw.id);
    } catch (err) {
      fail(draw, 'result', err);
    }
  }

  // DRAW_SCORED too: a settlement that crashed after scoring resumes and finishes paying.
  const toSettle = [
    ...(await draws.drawsInState('DRAW_DRAWN', { limit: batch })),
    ...(await draws.drawsInState('DRAW_SCORED', { limit: batch })),
  ];
  for (const draw of toSettle) {
    try {
      await deps.settle(draw.id);
      report.settled.push(draw.id);
    } catch (err) {
      fail(draw, 'settle', err);
    }
  }

  if (deps.emailWinners) {
    for (const draw of await draws.drawsInState('DRAW_PAID', { limit: batch })) {
      try {
        await deps.emailWinners(draw.id);
        if ((await draws.markEmailed(draw.id)).changed) report.emailed.push(draw.id);
      } catch (err) {
        fail(draw, 'email', err);
      }
    }
  }

  report.scheduled = await draws.ensureAllSchedules(deps.scheduleWeeks ?? DEFAULT_SCHEDULE_WEEKS);
  return report;
}
