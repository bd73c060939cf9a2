// The play screen's ticket builder (spec features §3 Ticket being built, §5 ticket add rules): game type tabs, the
// game offer picker (System / PowerHit size), the games with a grid for the one being edited, quickpick, clear,
// favourites, draws, first draw, cause, the live price and Add to cart with the reason it is disabled.
import { cryptoRandom } from '@shop/lottery';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { formatCents, type SiteFormat } from '../../lib/format.ts';
import { drawCountOptions, type BuilderOffer } from './builder-offer.ts';
import { NumberBalls } from './number-balls.tsx';
import { chosenText, NumberGrid } from './number-grid.tsx';
import {
  gameStatus,
  hasFavourites,
  initialTicket,
  isAllQuickpick,
  picked,
  ticketPriceCents,
  ticketReducer,
  ticketValidity,
  toTicketInput,
  type TicketAction,
  type TicketState,
} from './ticket-state.ts';

/** Core §9: repeated Add clicks within this many milliseconds are ignored. */
export const ADD_DEBOUNCE_MS = 1000;

export interface TicketBuilderProps {
  offer: BuilderOffer;
  gameType: string;
  site: SiteFormat;
  /** The play screen of each game type, for the tabs. */
  typeLinks: { type: string; name: string; href: string }[];
  /** The first draws to choose from, labelled ("Next available · Draw 1480 · Tonight, 8:30 pm"). */
  drawChoices: { drawNo: number; label: string }[];
  firstDrawNo: number | null;
  favourites: Record<string, number[]>;
  signedIn: boolean;
  /** Core §2: with the precart prompt the drawer opens on this page instead of going to /cart. */
  precart: boolean;
  error: string | null;
}

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

export function TicketBuilder(props: TicketBuilderProps) {
  const { offer, gameType, favourites, signedIn, site } = props;
  const price = (cents: number) => formatCents(cents, offer.currency, site.locale);
  const type = offer.gameTypes.find((t) => t.type === gameType)!;
  const [state, rawDispatch] = useReducer(ticketReducer, undefined, () =>
    initialTicket({
      productOfferKey: offer.key,
      gameType: type.type,
      gameOffer: type.gameOffers[0]!,
      ordered: offer.ordered,
      firstDrawNo: props.firstDrawNo,
      favourites,
    }),
  );
  const [active, setActive] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const lastAdd = useRef(0);
  const editorRef = useRef<HTMLElement>(null);
  const editorHeadingRef = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';

  const dispatch = (action: TicketAction, say?: string) => {
    rawDispatch(action);
    if (say) setAnnouncement(say);
  };
  /** Edit another game: its grid is shown (on phones it sits above the games, so it is brought into view). */
  const editGame = (index: number, opts: { focus?: boolean } = {}) => {
    setActive(index);
    setAnnouncement(`Editing game ${index + 1}`);
    const editor = editorRef.current;
    if (!editor) return;
    const top = editor.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight / 2) editor.scrollIntoView({ block: 'start' });
    if (opts.focus !== false) editorHeadingRef.current?.focus({ preventScroll: true });
  };
  useEffect(() => {
    if (active >= state.games.length) setActive(state.games.length - 1);
  }, [active, state.games.length]);
  // The page's draw picker changes ?firstDrawNo= without remounting the builder: follow it, keeping the numbers.
  const firstDrawProp = props.firstDrawNo;
  useEffect(() => {
    rawDispatch({
      type: 'set_first_draw',
      drawNo: firstDrawProp,
      maxDraws: drawCountOptions(offer, firstDrawProp).length,
    });
  }, [firstDrawProp, offer]);

  const validity = ticketValidity(state, { causes: offer.causes.map((c) => c.key) });
  const priceCents = ticketPriceCents(state);
  const input = useMemo(() => JSON.stringify(toTicketInput(state)), [state]);
  const drawOptions = drawCountOptions(offer, state.firstDrawNo);
  const allQuick = isAllQuickpick(state.gameType);
  const activeGame = state.games[Math.min(active, state.games.length - 1)]!;
  const activeIndex = Math.min(active, state.games.length - 1);
  const canFavourite = signedIn && hasFavourites(state);
  const numDrawsValue = state.numDraws === 'autoplay' ? 'autoplay' : String(state.numDraws);
  const firstDraw = offer.draws.find((d) => d.drawNo === state.firstDrawNo) ?? offer.draws[0];

  return (
    <div className="flex flex-col gap-1.5">
      {props.typeLinks.length > 1 ? (
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
      ) : null}

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
            {offer.autoplay ? <option value="autoplay">Autoplay (every draw until you stop)</option> : null}
          </select>
        </label>
        {state.numDraws === 'autoplay' && offer.autoplayInformation ? (
          <p className="text-sm md:col-span-3">{offer.autoplayInformation}</p>
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

      {/* Phones: the grid of the game being edited comes first, then the games, then the summary bar, which sticks to
          the bottom of the screen while the builder is in view and rests after it (it never hides the page below).
          Large screens: the games on the left, the grid and the summary side by side on the right, kept in view. */}
      <div className="flex flex-col gap-1.5 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
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

        <div className="contents lg:sticky lg:top-1 lg:col-start-2 lg:row-start-1 lg:flex lg:flex-col lg:gap-1">
          {!allQuick ? (
            <section
              ref={editorRef}
              aria-labelledby="edit-heading"
              className="order-1 flex scroll-mt-1 flex-col gap-1 rounded-theme border border-black/10 p-1 lg:order-none"
            >
              <div className="flex flex-wrap items-center justify-between gap-0.5">
                <h2 id="edit-heading" ref={editorHeadingRef} tabIndex={-1} className="text-xl font-bold">
                  Game {activeIndex + 1}: pick{' '}
                  {state.gameOffer.numberSets.map((s) => `${s.pick} ${s.label}`).join(' and ')}
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
          ) : null}

          <Form
            method="post"
            className="sticky bottom-0 z-10 order-3 -mx-1.5 border-t border-black/10 bg-white px-1.5 py-0.5 shadow-theme lg:static lg:order-none lg:mx-0 lg:rounded-theme lg:border lg:p-1 lg:shadow-none"
            onSubmit={(e) => {
              const at = Date.now();
              if (!validity.valid || at - lastAdd.current < ADD_DEBOUNCE_MS) {
                e.preventDefault();
                return;
              }
              lastAdd.current = at;
            }}
            data-testid="ticket-summary"
          >
            <input type="hidden" name="ticket" value={input} />
            <input type="hidden" name="after" value={props.precart ? 'precart' : 'cart'} />
            <div className="flex items-center justify-between gap-1">
              <div className="flex min-w-0 flex-col">
                <span className="text-sm">
                  {state.gameOffer.name} · {validity.completeGames} game{validity.completeGames === 1 ? '' : 's'} ·{' '}
                  {state.numDraws === 'autoplay'
                    ? 'Autoplay'
                    : `${state.numDraws} draw${state.numDraws === 1 ? '' : 's'}`}
                </span>
                <span className="text-2xl font-extrabold tabular-nums" data-testid="ticket-price">
                  {price(priceCents)}
                </span>
              </div>
              <button
                type="submit"
                className="btn btn-primary shrink-0 disabled:cursor-not-allowed disabled:opacity-60"
                disabled={!validity.valid || submitting}
                aria-describedby="add-reason"
              >
                {submitting ? 'Adding…' : 'Add to cart'}
              </button>
            </div>
            <p id="add-reason" className="text-sm font-semibold empty:hidden" data-testid="add-reason">
              {validity.reason ?? ''}
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
        </div>
      </div>

      <p aria-live="polite" role="status" className="sr-only" data-testid="builder-status">
        {announcement}
      </p>
    </div>
  );
}
