// The parts of the ticket builder (ticket-builder.tsx keeps the state and composes them): the game type tabs, the
// ticket options, the toolbar for all games, the list of games, the grid of the game being edited and the summary
// bar with Add to cart (and "Schedule for later" where the route offers it).
import { cryptoRandom } from '@shop/lottery';
import type { RefObject } from 'react';
import { Form, Link } from 'react-router';
import { drawCountOptions, type BuilderOffer } from './builder-offer.ts';
import { NumberBalls } from './number-balls.tsx';
import { chosenText, NumberGrid } from './number-grid.tsx';
import {
  gameStatus,
  isAllQuickpick,
  picked,
  type TicketAction,
  type TicketState,
  type ticketValidity,
} from './ticket-state.ts';

/** Core §9: repeated Add clicks within this many milliseconds are ignored. */
export const ADD_DEBOUNCE_MS = 1000;

export type BuilderDispatch = (action: TicketAction, say?: string) => void;
type Validity = ReturnType<typeof ticketValidity>;
type GameType = BuilderOffer['gameTypes'][number];

function statusText(state: TicketState, index: number): string {
  const game = state.games[index];
  if (!game) return '';
  const status = gameStatus(state, game);
  if (isAllQuickpick(state.gameType)) return 'QuickPick';
  if (status.kind === 'complete')
    return game.quickpick && state.gameOffer.numberSets.some((s) => picked(game.sets[s.name] ?? []).length < s.pick)
      ? 'QuickPick'
      : 'Complete';
  if (status.kind === 'blank') return 'Empty';
  return `${status.missing} to go`;
}

export function GameTypeTabs(props: { typeLinks: { type: string; name: string; href: string }[]; gameType: string }) {
  const { gameType } = props;
  return (
    <nav aria-label="Game types">
      <ul className="flex flex-wrap gap-0.5">
        {props.typeLinks.map((t) => (
          <li key={t.type}>
            <Link
              to={t.href}
              aria-current={t.type === gameType ? 'page' : undefined}
              className={`inline-flex min-h-[44px] items-center rounded-theme border-2 px-1 font-semibold no-underline ${t.type === gameType ? 'border-brand bg-brand text-white' : 'border-black/15 bg-white'}`}
            >
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Autoplay's note and its optional minimum jackpot (core §3 Autoplay): it buys every draw from the wallet until
 * stopped; with a minimum, a draw whose jackpot is smaller is skipped and not charged.
 */
function AutoplayOptions(props: {
  information: string | null;
  currency: string;
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[] | undefined;
}) {
  const invalid = !!props.errors?.length;
  return (
    <div className="flex flex-col gap-0.25 md:col-span-3" data-testid="autoplay-options">
      <p className="text-sm" data-testid="autoplay-note">
        {props.information ?? 'Autoplay buys your ticket for every draw until you stop it.'} Each draw is paid from your
        wallet when it is bought; pause or cancel it any time in My account.
      </p>
      <label htmlFor="minimum-jackpot" className="text-sm font-semibold">
        Minimum jackpot ({props.currency}, optional)
      </label>
      <p id="minimum-jackpot-hint" className="text-sm">
        Only buy draws whose jackpot is at least this amount. Leave it empty to buy every draw.
      </p>
      <input
        id="minimum-jackpot"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="min-h-[44px] rounded-theme border border-black/30 bg-white px-0.5 text-base aria-[invalid=true]:border-[#b00020] md:max-w-[16rem]"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'minimum-jackpot-hint minimum-jackpot-error' : 'minimum-jackpot-hint'}
        data-testid="minimum-jackpot"
      />
      {invalid ? (
        <ul id="minimum-jackpot-error" className="text-sm font-semibold text-[#b00020]">
          {props.errors!.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function TicketOptions(props: {
  offer: BuilderOffer;
  type: GameType;
  state: TicketState;
  dispatch: BuilderDispatch;
  drawChoices: { drawNo: number; label: string }[];
  price: (cents: number) => string;
  minimumJackpotErrors?: readonly string[] | undefined;
}) {
  const { offer, type, state, dispatch, price } = props;
  const drawOptions = drawCountOptions(offer, state.firstDrawNo);
  const numDrawsValue = state.numDraws === 'autoplay' ? 'autoplay' : String(state.numDraws);
  const firstDraw = offer.draws.find((d) => d.drawNo === state.firstDrawNo) ?? offer.draws[0];
  return (
    <section
      aria-labelledby="ticket-options"
      className="grid grid-cols-1 gap-1 rounded-theme bg-surface p-1 md:grid-cols-3"
    >
      <h2 id="ticket-options" className="sr-only">
        Ticket options
      </h2>
      {type.gameOffers.length > 1 ? (
        <label className="flex flex-col gap-0.25 text-sm font-semibold">
          {type.type === 'reduced_system' ? 'System size' : type.type === 'powerhit' ? 'PowerHit size' : 'Entry type'}
          <select
            className="min-h-[44px] rounded-theme border border-black/30 bg-white px-0.5 text-base"
            value={state.gameOffer.key}
            onChange={(e) => {
              const next = type.gameOffers.find((g) => g.key === e.target.value);
              if (next)
                dispatch(
                  { type: 'set_offer', offer: next },
                  `${next.name}: pick ${next.numberSets.map((s) => `${s.pick} ${s.label}`).join(' and ')}`,
                );
            }}
            data-testid="game-offer"
          >
            {type.gameOffers.map((g) => (
              <option key={g.key} value={g.key}>
                {`${g.name} (${price(g.pricePerLineCents)})`}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {props.drawChoices.length > 0 ? (
        <label className="flex flex-col gap-0.25 text-sm font-semibold">
          First draw
          <select
            className="min-h-[44px] rounded-theme border border-black/30 bg-white px-0.5 text-base"
            value={String(firstDraw?.drawNo ?? '')}
            onChange={(e) => {
              const drawNo = Number(e.target.value);
              dispatch({ type: 'set_first_draw', drawNo: drawNo === offer.draws[0]?.drawNo ? null : drawNo });
            }}
            data-testid="first-draw"
          >
            {props.drawChoices.map((d) => (
              <option key={d.drawNo} value={String(d.drawNo)}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="flex flex-col gap-0.25 text-sm font-semibold">
        Number of draws
        <select
          className="min-h-[44px] rounded-theme border border-black/30 bg-white px-0.5 text-base"
          value={numDrawsValue}
          onChange={(e) =>
            dispatch({
              type: 'set_draws',
              numDraws: e.target.value === 'autoplay' ? 'autoplay' : Number(e.target.value),
            })
          }
          data-testid="num-draws"
        >
          {drawOptions.map((n) => (
            <option key={n} value={String(n)}>
              {n} draw{n === 1 ? '' : 's'}
            </option>
          ))}
          {offer.autoplay ? <option value="autoplay">Autoplay (until you stop)</option> : null}
        </select>
      </label>
      {state.numDraws === 'autoplay' ? (
        <AutoplayOptions
          information={offer.autoplayInformation}
          currency={offer.currency}
          value={state.minimumJackpot}
          onChange={(value) => dispatch({ type: 'set_minimum_jackpot', value })}
          errors={props.minimumJackpotErrors}
        />
      ) : null}
      {offer.causes.length > 0 ? (
        <label className="flex flex-col gap-0.25 text-sm font-semibold">
          Cause to support
          <select
            className="min-h-[44px] rounded-theme border border-black/30 bg-white px-0.5 text-base"
            value={state.causeKey ?? ''}
            onChange={(e) => dispatch({ type: 'set_cause', causeKey: e.target.value || null })}
          >
            <option value="">Choose a cause</option>
            {offer.causes.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </section>
  );
}

export function GamesToolbar(props: {
  state: TicketState;
  dispatch: BuilderDispatch;
  activeIndex: number;
  canFavourite: boolean;
  announce: (text: string) => void;
  onAdded: (index: number) => void;
}) {
  const { state, dispatch, activeIndex, canFavourite } = props;
  const allQuick = isAllQuickpick(state.gameType);
  const setAnnouncement = props.announce;
  const setActive = props.onAdded;
  return (
    <div className="flex flex-wrap gap-0.5" role="toolbar" aria-label="All games">
      {!allQuick ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => dispatch({ type: 'quickpick_all', random: cryptoRandom }, 'All games quickpicked')}
        >
          Quickpick all
        </button>
      ) : null}
      {!allQuick ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => dispatch({ type: 'clear_all' }, 'All games cleared')}
        >
          Clear all
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-secondary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        aria-disabled={state.games.length >= state.gameOffer.maxGames || undefined}
        onClick={() => {
          if (state.games.length >= state.gameOffer.maxGames)
            return setAnnouncement(`At most ${state.gameOffer.maxGames} games`);
          dispatch({ type: 'add_game' }, `Game ${state.games.length + 1} added`);
          setActive(state.games.length);
        }}
      >
        Add game
      </button>
      {canFavourite && !allQuick ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() =>
            dispatch(
              { type: 'use_favourites', game: activeIndex },
              `Game ${activeIndex + 1} filled with your favourite numbers`,
            )
          }
        >
          Use my favourite numbers
        </button>
      ) : null}
    </div>
  );
}

export function GameList(props: {
  state: TicketState;
  dispatch: BuilderDispatch;
  activeIndex: number;
  validity: Validity;
  editGame: (index: number) => void;
}) {
  const { state, dispatch, activeIndex, validity, editGame } = props;
  const allQuick = isAllQuickpick(state.gameType);
  return (
    <section
      aria-labelledby="games-heading"
      className="order-2 flex flex-col gap-0.5 lg:order-none lg:col-start-1 lg:row-start-1"
    >
      <h2 id="games-heading" className="text-xl font-bold">
        Your games <span className="text-base font-semibold">({validity.completeGames} ready)</span>
      </h2>
      <ol className="flex flex-col gap-0.25" data-testid="games">
        {state.games.map((game, i) => {
          const current = i === activeIndex && !allQuick;
          return (
            <li
              key={i}
              className={`flex flex-col gap-0.25 rounded-theme border-2 px-0.5 py-0.25 ${current ? 'border-brand bg-surface' : 'border-black/10'}`}
              data-testid="game-row"
            >
              <div className="flex flex-wrap items-center justify-between gap-x-0.5">
                {allQuick ? (
                  <span className="flex min-h-[44px] items-center font-bold">Game {i + 1}</span>
                ) : (
                  <button
                    type="button"
                    className="min-h-[44px] min-w-[88px] text-left font-bold underline"
                    aria-current={current ? 'true' : undefined}
                    onClick={() => editGame(i)}
                  >
                    Game {i + 1}
                    <span className="sr-only">, edit</span>
                  </button>
                )}
                <span className="flex flex-wrap gap-x-0.25">
                  {!allQuick ? (
                    <button
                      type="button"
                      className="min-h-[44px] px-0.5 text-sm underline"
                      onClick={() =>
                        dispatch({ type: 'quickpick', game: i, random: cryptoRandom }, `Game ${i + 1} quickpicked`)
                      }
                    >
                      Quickpick<span className="sr-only"> game {i + 1}</span>
                    </button>
                  ) : null}
                  {!allQuick ? (
                    <button
                      type="button"
                      className="min-h-[44px] px-0.5 text-sm underline"
                      onClick={() => dispatch({ type: 'clear', game: i }, `Game ${i + 1} cleared`)}
                    >
                      Clear<span className="sr-only"> game {i + 1}</span>
                    </button>
                  ) : null}
                  {state.games.length > 1 ? (
                    <button
                      type="button"
                      className="min-h-[44px] px-0.5 text-sm underline"
                      onClick={() => dispatch({ type: 'remove_game', game: i }, `Game ${i + 1} removed`)}
                    >
                      Remove<span className="sr-only"> game {i + 1}</span>
                    </button>
                  ) : null}
                </span>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-0.5 pb-0.25">
                <span className="flex flex-wrap gap-0.5">
                  {allQuick ? (
                    <span className="text-sm">Numbers picked at random when you buy</span>
                  ) : (
                    state.gameOffer.numberSets.map((s) => (
                      <NumberBalls
                        key={s.name}
                        numbers={game.sets[s.name] ?? []}
                        variant={s.name === 'numbers' ? 'main' : 'bonus'}
                        size="sm"
                        label={`Game ${i + 1} ${s.label}`}
                      />
                    ))
                  )}
                </span>
                <span className="text-sm font-semibold" data-testid="game-status">
                  {statusText(state, i)}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function GameEditor(props: {
  state: TicketState;
  dispatch: BuilderDispatch;
  activeIndex: number;
  editorRef: RefObject<HTMLElement | null>;
  editorHeadingRef: RefObject<HTMLHeadingElement | null>;
  editGame: (index: number, opts: { focus?: boolean }) => void;
  announce: (text: string) => void;
}) {
  const { state, dispatch, activeIndex, editorRef, editorHeadingRef, editGame } = props;
  const setAnnouncement = props.announce;
  const activeGame = state.games[activeIndex]!;
  return (
    <section
      ref={editorRef}
      aria-labelledby="edit-heading"
      className="order-1 flex scroll-mt-1 flex-col gap-1 rounded-theme border border-black/10 p-1 lg:order-none"
    >
      <div className="flex flex-wrap items-center justify-between gap-0.5">
        <h2 id="edit-heading" ref={editorHeadingRef} tabIndex={-1} className="text-xl font-bold">
          Game {activeIndex + 1}: pick {state.gameOffer.numberSets.map((s) => `${s.pick} ${s.label}`).join(' and ')}
        </h2>
        {state.games.length > 1 ? (
          <span className="flex gap-0.25">
            <button
              type="button"
              className="btn btn-secondary min-h-[44px] px-0.75 disabled:cursor-not-allowed disabled:opacity-50"
              disabled={activeIndex === 0}
              onClick={() => editGame(activeIndex - 1, { focus: false })}
            >
              <span aria-hidden="true">‹</span> Previous<span className="sr-only"> game</span>
            </button>
            <button
              type="button"
              className="btn btn-secondary min-h-[44px] px-0.75 disabled:cursor-not-allowed disabled:opacity-50"
              disabled={activeIndex >= state.games.length - 1}
              onClick={() => editGame(activeIndex + 1, { focus: false })}
            >
              Next<span className="sr-only"> game</span> <span aria-hidden="true">›</span>
            </button>
          </span>
        ) : null}
      </div>
      {state.gameOffer.numberSets.map((s) => (
        <NumberGrid
          key={`${activeIndex}-${s.name}`}
          gameIndex={activeIndex}
          set={s}
          values={activeGame.sets[s.name] ?? []}
          onToggle={(n) => {
            const before = picked(activeGame.sets[s.name] ?? []);
            const removing = before.includes(n);
            const count = before.length + (removing ? -1 : 1);
            dispatch(
              { type: 'toggle', game: activeIndex, set: s.name, number: n },
              `${n} ${removing ? 'removed' : 'chosen'}. ${s.label}: ${chosenText(count, s.pick)}`,
            );
          }}
          onFull={(n) =>
            setAnnouncement(
              `${n} not chosen: ${s.label} already has ${chosenText(s.pick, s.pick)}. Remove a number first.`,
            )
          }
        />
      ))}
    </section>
  );
}

export function TicketSummary(props: {
  state: TicketState;
  validity: Validity;
  input: string;
  precart: boolean;
  submitting: boolean;
  priceText: string;
  error: string | null;
  onSubmit: (e: { preventDefault(): void }) => void;
  /** The experiment boost-buy-tickets' variant of the call to action. */
  cta: 'control' | 'treatment';
  /** Opens "Schedule for later" below the builder; absent where scheduling is not offered. */
  onScheduleLater?: (() => void) | undefined;
  scheduleLaterOpen?: boolean;
  /** Why nothing can be added here (an offer preview): Add to cart stays disabled and says so. */
  notForSale?: string | undefined;
}) {
  const { state, validity, input, submitting } = props;
  // boost-buy-tickets: the treatment's button spans the bar, names the price and says when money is taken.
  const treatment = props.cta === 'treatment';
  const addButton = (
    <button
      type="submit"
      className={`btn btn-primary disabled:cursor-not-allowed disabled:opacity-60 ${treatment ? 'mt-0.5 w-full py-0.75 text-lg' : 'shrink-0'}`}
      disabled={!validity.valid || submitting || props.notForSale !== undefined}
      aria-describedby={treatment ? 'add-reason add-note' : 'add-reason'}
      data-testid="add-to-cart"
      data-cta={props.cta}
    >
      {submitting ? 'Adding…' : treatment ? `Add to cart · ${props.priceText}` : 'Add to cart'}
    </button>
  );
  return (
    <Form
      method="post"
      className="sticky bottom-0 z-10 order-3 -mx-1.5 border-t border-black/10 bg-white px-1.5 py-0.5 shadow-theme lg:static lg:order-none lg:mx-0 lg:rounded-theme lg:border lg:p-1 lg:shadow-none"
      onSubmit={props.onSubmit}
      data-testid="ticket-summary"
    >
      <input type="hidden" name="ticket" value={input} />
      <input type="hidden" name="after" value={props.precart ? 'precart' : 'cart'} />
      <div className="flex items-center justify-between gap-1">
        <div className="flex min-w-0 flex-col">
          <span className="text-sm">
            {state.gameOffer.name} · {validity.completeGames} game{validity.completeGames === 1 ? '' : 's'} ·{' '}
            {state.numDraws === 'autoplay' ? 'Autoplay' : `${state.numDraws} draw${state.numDraws === 1 ? '' : 's'}`}
          </span>
          <span className="text-2xl font-extrabold tabular-nums" data-testid="ticket-price">
            {props.priceText}
          </span>
        </div>
        {treatment ? null : addButton}
      </div>
      {treatment ? (
        <>
          {addButton}
          <p id="add-note" className="mt-0.25 text-center text-sm">
            Nothing is charged until you check out.
          </p>
        </>
      ) : null}
      {props.onScheduleLater ? (
        <div className="flex justify-end">
          <button
            type="button"
            className="min-h-[44px] px-0.25 text-sm font-semibold underline"
            aria-expanded={props.scheduleLaterOpen ?? false}
            aria-controls={props.scheduleLaterOpen ? 'schedule-later' : undefined}
            onClick={props.onScheduleLater}
            data-testid="schedule-later"
          >
            or Schedule for later
          </button>
        </div>
      ) : null}
      <p id="add-reason" className="text-sm font-semibold empty:hidden" data-testid="add-reason">
        {props.notForSale ?? validity.reason ?? ''}
      </p>
      {props.error ? (
        <p
          role="alert"
          className="mt-0.5 rounded-theme border-2 border-error bg-white p-0.5 font-semibold text-error"
          data-testid="add-error"
        >
          {props.error}
        </p>
      ) : null}
    </Form>
  );
}
