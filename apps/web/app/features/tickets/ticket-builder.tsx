// The play screen's ticket builder (spec features §3 Ticket being built, §5 ticket add rules): game type tabs, the
// game offer picker (System / PowerHit size), the games with a grid for the one being edited, quickpick, clear,
// favourites, draws, first draw, cause, the live price and Add to cart with the reason it is disabled, and where the
// route offers it, "Schedule for later" (the panel is the route's: this builder hands it the ticket).
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode, type RefCallback } from 'react';
import { useNavigation } from 'react-router';
import { formatCents, type SiteFormat } from '../../lib/format.ts';
import { drawCountOptions, type BuilderOffer } from './builder-offer.ts';
import {
  ADD_DEBOUNCE_MS,
  GameEditor,
  GameList,
  GamesToolbar,
  GameTypeTabs,
  TicketOptions,
  TicketSummary,
} from './ticket-builder-parts.tsx';
import {
  hasFavourites,
  initialTicket,
  keptTicketOf,
  isAllQuickpick,
  ticketPriceCents,
  ticketReducer,
  ticketValidity,
  toTicketInput,
  type BuilderGameOffer,
  type TicketAction,
  type TicketState,
} from './ticket-state.ts';

export { ADD_DEBOUNCE_MS };

/** The ticket being built as "Schedule for later" needs it (features/scheduled's panel takes this shape). */
export interface TicketForLater {
  /** The ticket as JSON, exactly as Add to cart posts it. */
  input: string;
  valid: boolean;
  reason: string | null;
  autoplay: boolean;
  /** Keeps the ticket in this tab (sessionStorage) while the visitor logs in; the builder restores it on return. */
  keep(): void;
}

/** The element "Schedule for later" opens, and the address fragment that opens it (the way back from login). */
export const LATER_ANCHOR = 'schedule-later';
const KEPT_TICKET_KEY = 'shop:kept-ticket';

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
  /** The add's field errors by field (the minimum jackpot's is shown next to its field). */
  fieldErrors?: Record<string, string[]> | undefined;
  /**
   * The call to action of the experiment boost-buy-tickets: the control's "Add to cart" beside the price, or the
   * treatment's full-width button that names the price and says nothing is charged before checkout.
   */
  cta?: 'control' | 'treatment';
  /** Why nothing can be added (an offer preview, not on sale): Add to cart is disabled with this reason. */
  notForSale?: string;
  /** "Schedule for later": the panel for the ticket (shown when asked for, or when `open`, e.g. after a refusal). */
  later?: {
    open: boolean;
    /**
     * `headingRef` goes on the panel's heading: it takes the focus when the panel is asked for, also when the panel's
     * code arrives after the click (the play screen loads the panel when it is first shown).
     */
    render: (ticket: TicketForLater, headingRef: RefCallback<HTMLHeadingElement>) => ReactNode;
  };
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
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') !== 'schedule';
  const later = useLater(props.later !== undefined, state, type.gameOffers, rawDispatch);

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
  const allQuick = isAllQuickpick(state.gameType);
  const activeIndex = Math.min(active, state.games.length - 1);
  const canFavourite = signedIn && hasFavourites(state);
  const laterShown = !!props.later && (later.open || props.later.open);
  const ticketForLater: TicketForLater = {
    input,
    valid: validity.valid,
    reason: validity.reason,
    autoplay: state.numDraws === 'autoplay',
    keep: later.keep,
  };

  return (
    <div className="flex flex-col gap-1.5">
      {props.typeLinks.length > 1 ? <GameTypeTabs typeLinks={props.typeLinks} gameType={gameType} /> : null}
      <TicketOptions
        offer={offer}
        type={type}
        state={state}
        dispatch={dispatch}
        drawChoices={props.drawChoices}
        price={price}
        minimumJackpotErrors={props.fieldErrors?.['minimumJackpotAmount']}
      />
      <GamesToolbar
        state={state}
        dispatch={dispatch}
        activeIndex={activeIndex}
        canFavourite={canFavourite}
        announce={setAnnouncement}
        onAdded={setActive}
      />

      {/* Phones: the grid of the game being edited comes first, then the games, then the summary bar, which sticks to
          the bottom of the screen while the builder is in view and rests after it (it never hides the page below).
          Large screens: the games on the left, the grid and the summary side by side on the right, kept in view. */}
      <div className="flex flex-col gap-1.5 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <GameList state={state} dispatch={dispatch} activeIndex={activeIndex} validity={validity} editGame={editGame} />
        <div className="contents lg:sticky lg:top-1 lg:col-start-2 lg:row-start-1 lg:flex lg:flex-col lg:gap-1">
          {!allQuick ? (
            <GameEditor
              state={state}
              dispatch={dispatch}
              activeIndex={activeIndex}
              editorRef={editorRef}
              editorHeadingRef={editorHeadingRef}
              editGame={editGame}
              announce={setAnnouncement}
            />
          ) : null}
          <TicketSummary
            state={state}
            validity={validity}
            input={input}
            precart={props.precart}
            submitting={submitting}
            priceText={price(priceCents)}
            error={props.error}
            cta={props.cta ?? 'control'}
            onScheduleLater={props.later ? later.show : undefined}
            scheduleLaterOpen={laterShown}
            notForSale={props.notForSale}
            onSubmit={(e) => {
              const at = Date.now();
              if (props.notForSale || !validity.valid || at - lastAdd.current < ADD_DEBOUNCE_MS) {
                e.preventDefault();
                return;
              }
              lastAdd.current = at;
            }}
          />
        </div>
      </div>

      {props.later && laterShown ? props.later.render(ticketForLater, later.headingRef) : null}

      <p aria-live="polite" role="status" className="sr-only" data-testid="builder-status">
        {announcement}
      </p>
    </div>
  );
}

function bringToHeading(heading: HTMLHeadingElement) {
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}

/**
 * "Schedule for later" in the builder: shown on request (brought into view, its heading focused) or when the page's
 * address asks for it (#schedule-later, the way back from login); a ticket kept for the login is restored once.
 */
function useLater(
  offered: boolean,
  state: TicketState,
  gameOffers: BuilderGameOffer[],
  dispatch: (action: TicketAction) => void,
) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(0);
  const heading = useRef<HTMLHeadingElement | null>(null);
  // Asked for while the panel was not there yet (its code still loading): focused when it mounts.
  const focusWhenShown = useRef(false);
  const headingRef = useCallback((element: HTMLHeadingElement | null) => {
    heading.current = element;
    if (element && focusWhenShown.current) {
      focusWhenShown.current = false;
      bringToHeading(element);
    }
  }, []);
  useEffect(() => {
    if (!offered) return;
    let kept: string | null = null;
    try {
      kept = window.sessionStorage.getItem(KEPT_TICKET_KEY);
      if (kept) window.sessionStorage.removeItem(KEPT_TICKET_KEY);
    } catch {
      // Storage can be off (private modes): the ticket is simply not kept.
    }
    // Only on the way back from login (the fragment): a visitor who went elsewhere starts afresh next time.
    if (window.location.hash !== `#${LATER_ANCHOR}`) return;
    if (kept) dispatch({ type: 'restore', kept, gameOffers });
    setOpen(true);
    setAsked(1);
    // Once, on arrival: later changes of the ticket are the customer's own.
  }, []);
  useEffect(() => {
    if (!asked) return;
    if (heading.current) bringToHeading(heading.current);
    else focusWhenShown.current = true;
  }, [asked]);
  return {
    open,
    headingRef,
    show: () => {
      setOpen(true);
      setAsked((n) => n + 1);
    },
    keep: () => {
      try {
        window.sessionStorage.setItem(KEPT_TICKET_KEY, keptTicketOf(state));
      } catch {
        // As above: nothing kept.
      }
    },
  };
}
