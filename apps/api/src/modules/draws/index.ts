// Draws domain: the schedule of every game's draws, their states (DESIGN §7), results and the results API.
// Other code imports only from here.
export { drawsRoutes, type CustomerDrawOrder, type DrawsRoutesOptions } from './draws.routes.ts';
export {
  createDrawsService,
  drawPublicId,
  estimatedJackpotCents,
  DEFAULT_SCHEDULE_WEEKS,
  type Dividend,
  type DrawStatus,
  type DrawSummary,
  type DrawsDeps,
  type DrawsService,
  type ResultSource,
  type StepResult,
} from './draws.service.ts';
export { seedDraws, SEED_HISTORY_WEEKS, SEED_RESULTS_SEED } from './draws.seed.ts';
export {
  createSeededResultsProvider,
  createSimulatedResultsProvider,
  simulatedDividends,
  type ProvidedResult,
  type ResultsProvider,
} from './results-provider.ts';
export {
  FEED_PRODUCTS,
  importResultsFeed,
  parseResultsFeed,
  ResultsFeedError,
  type FeedEntry,
  type ImportOutcome,
} from './results-import.ts';
export { localDateOf, zonedTimeToUtc } from './draws.schedule.ts';
export { lockOpenDraw, openDrawsFrom } from './draws.locks.ts';
