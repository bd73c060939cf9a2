// Draws domain: the schedule of every game's draws, their states (DESIGN §7), results and the results API, and the
// lottery ticket product the cart sells (as raffles own theirs). Other code imports only from here.
export {
  drawsRoutes,
  type CustomerDrawOrder,
  type DrawsRoutesOptions,
  type RaffleResultsSource,
} from './draws.routes.ts';
export {
  createDrawsService,
  drawPublicId,
  estimatedJackpotCents,
  preOrderSalesOpenAt,
  DEFAULT_SCHEDULE_WEEKS,
  type Dividend,
  type DrawStatus,
  type DrawSummary,
  type DrawsDeps,
  type DrawsService,
  type ResultSource,
  type StepResult,
} from './draws.service.ts';
export { createDrawResultsService, type DrawResultsService } from './draws.results.ts';
export {
  createLotteryHandler,
  fillGame,
  DRAW_CLOSED_MESSAGE,
  type LotteryHandlerDeps,
} from './draws.lottery-handler.ts';
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
export { lockOpenDraws } from './draws.repository.ts';
