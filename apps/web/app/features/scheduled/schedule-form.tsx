// "Schedule for later" on the play screen (docs/recurring.md): what happens when a ticket is scheduled (bought from the
// wallet at the chosen time for the draw on sale then; refusals retried hourly, given up after the retries or once the
// draw closes; nothing charged now), and the date and time to buy it in the site's time zone. The ticket is the one
// the builder holds, the same JSON Add to cart posts. Signed-out visitors log in first; autoplay cannot be scheduled.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { validateForm } from '../../lib/form-validation.ts';
import { SCHEDULED_PURCHASE_RETRIES } from '@shop/contracts';
import { useRef, type Ref } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { FieldErrors, FormAlert, inputClass } from '../../ui/form-field.tsx';
import { ScheduleTicketSchema } from './scheduled-schemas.ts';

/** The ticket being built, as the schedule form needs it. */
export interface TicketToSchedule {
  /** The ticket as JSON, exactly as Add to cart posts it. */
  input: string;
  valid: boolean;
  /** Why it cannot be bought yet ("Game 2 needs 3 more numbers"), null when valid. */
  reason: string | null;
  autoplay: boolean;
  /** Keeps the ticket in this browser tab while the visitor logs in, so it is there when they come back. */
  keep(): void;
}

/** Repeated Schedule clicks within this long are ignored (as Add to cart's, core §9). */
const SCHEDULE_DEBOUNCE_MS = 1000;

const hours = SCHEDULED_PURCHASE_RETRIES.retryAfterMs / 3_600_000;

/** What the panel promises, no more than the processor does (recurring.scheduled.processor.ts). */
export const SCHEDULE_TEXTS = {
  heading: 'Schedule for later',
  nothingNow: 'Nothing is charged now.',
  when: (zone: string) =>
    `At the date and time you choose (${zone} time), or within a minute or two of it, we buy this ticket from your wallet for the draw on sale then, at its price then. The draw chosen above is not kept.`,
  retries: `If your wallet is short, or the purchase is refused, we try again about ${hours === 1 ? 'an hour' : `${hours} hours`} later. After ${SCHEDULED_PURCHASE_RETRIES.maxAttempts} refused attempts, or if the draw has closed, we stop trying, charge nothing and email you.`,
  cancel: 'Until it is bought you can cancel it in My account, under Upcoming tickets.',
  autoplay:
    'Autoplay cannot be scheduled: it already buys every draw. Choose a number of draws to schedule this ticket.',
  login: 'Log in to schedule',
  submit: 'Schedule purchase',
} as const;

/** "Sydney" for Australia/Sydney: the city the site's clock follows. */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

export function SchedulePanel(props: {
  ticket: TicketToSchedule;
  signedIn: boolean;
  /** The login page, coming back here. */
  loginHref: string;
  /** The page view's Idempotency-Key (null when signed out). */
  idempotencyKey: string | null;
  /** The last refused post of this form. */
  result: SubmissionResult<string[]> | null;
  /** Today in the site's time zone (YYYY-MM-DD): the earliest date offered. */
  today: string;
  timeZone: string;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { ticket } = props;
  const city = zoneCity(props.timeZone);
  return (
    <section
      id="schedule-later"
      aria-labelledby="schedule-heading"
      className="flex scroll-mt-1 flex-col gap-0.5 rounded-theme border border-black/10 bg-white p-1"
      data-testid="schedule-panel"
    >
      <h2 id="schedule-heading" ref={props.headingRef} tabIndex={-1} className="text-xl font-bold">
        {SCHEDULE_TEXTS.heading}
      </h2>
      <ul className="flex max-w-[48rem] list-disc flex-col gap-0.25 pl-1.5 text-sm" data-testid="schedule-terms">
        <li className="font-semibold">{SCHEDULE_TEXTS.nothingNow}</li>
        <li>{SCHEDULE_TEXTS.when(city)}</li>
        <li>{SCHEDULE_TEXTS.retries}</li>
        <li>{SCHEDULE_TEXTS.cancel}</li>
      </ul>
      {ticket.autoplay ? (
        <p className="rounded-theme bg-surface p-0.5 text-sm font-semibold" data-testid="schedule-autoplay">
          {SCHEDULE_TEXTS.autoplay}
        </p>
      ) : !props.signedIn || !props.idempotencyKey ? (
        <Link
          to={props.loginHref}
          className="btn btn-primary self-start"
          onClick={() => ticket.keep()}
          data-testid="schedule-login"
        >
          {SCHEDULE_TEXTS.login}
        </Link>
      ) : (
        <ScheduleForm {...props} idempotencyKey={props.idempotencyKey} city={city} />
      )}
    </section>
  );
}

function ScheduleForm(props: {
  ticket: TicketToSchedule;
  idempotencyKey: string;
  result: SubmissionResult<string[]> | null;
  today: string;
  city: string;
}) {
  const { ticket } = props;
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'schedule';
  const lastSubmit = useRef(0);
  // scheduledAt is no input: it is where the API's messages about the time come back (scheduled.server.ts).
  const [form, fields] = useForm<{ intent: string; ticket: unknown; date: string; time: string; scheduledAt?: string }>(
    {
      id: 'schedule-ticket',
      lastResult: props.result ?? undefined,
      onValidate: ({ formData }) => validateForm(formData, { schema: ScheduleTicketSchema }),
      shouldValidate: 'onBlur',
      shouldRevalidate: 'onInput',
    },
  );
  // The API's scheduled_at messages (in the past, not a time) belong to the date and time together.
  const whenErrorId = 'schedule-when-error';
  const whenErrors = [
    ...new Set([...(fields.date.errors ?? []), ...(fields.time.errors ?? []), ...(fields.scheduledAt.errors ?? [])]),
  ];
  const whenProps = {
    'aria-describedby': ['schedule-when-hint', whenErrors.length ? whenErrorId : null].filter(Boolean).join(' '),
    'aria-invalid': whenErrors.length ? true : undefined,
    className: inputClass,
  };
  const formProps = getFormProps(form);
  return (
    <Form
      method="post"
      {...formProps}
      onSubmit={(e) => {
        // Conform first: it stops an invalid post and its own validation submits (on blur), which are not the
        // customer's; only a post about to go out counts for the double-tap guard.
        formProps.onSubmit(e);
        if (e.defaultPrevented) return;
        const at = Date.now();
        if (!ticket.valid || at - lastSubmit.current < SCHEDULE_DEBOUNCE_MS) {
          e.preventDefault();
          return;
        }
        lastSubmit.current = at;
      }}
      className="flex flex-col gap-0.5"
      aria-busy={submitting}
      data-testid="schedule-form"
    >
      <div className="max-w-[48rem] empty:hidden">
        <FormAlert id={form.errorId} messages={form.errors} />
      </div>
      <input type="hidden" name="intent" value="schedule" />
      <input type="hidden" name="ticket" value={ticket.input} />
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <fieldset className="flex flex-col gap-0.5">
        <legend className="mb-0.25 font-semibold">{`When to buy it (${props.city} time)`}</legend>
        <p id="schedule-when-hint" className="text-sm text-[#4a4a4a]">
          {`${props.city} time, whatever the time zone of your phone or computer.`}
        </p>
        <div className="grid grid-cols-1 gap-0.5 md:max-w-[32rem] md:grid-cols-2">
          <div className="flex flex-col gap-0.25">
            <label htmlFor={fields.date.id} className="text-sm font-semibold">
              Date
            </label>
            <input
              {...getInputProps(fields.date, { type: 'date' })}
              key={fields.date.key}
              min={props.today}
              {...whenProps}
              data-testid="schedule-date"
            />
          </div>
          <div className="flex flex-col gap-0.25">
            <label htmlFor={fields.time.id} className="text-sm font-semibold">
              {`Time (${props.city})`}
            </label>
            <input
              {...getInputProps(fields.time, { type: 'time' })}
              key={fields.time.key}
              {...whenProps}
              data-testid="schedule-time"
            />
          </div>
        </div>
        <FieldErrors id={whenErrorId} errors={whenErrors} />
      </fieldset>
      <button
        type="submit"
        className="btn btn-primary self-start disabled:cursor-not-allowed disabled:opacity-60"
        disabled={!ticket.valid || submitting}
        aria-describedby={ticket.reason ? 'schedule-reason' : undefined}
        data-testid="schedule-submit"
      >
        {submitting ? 'Scheduling…' : SCHEDULE_TEXTS.submit}
      </button>
      {ticket.reason ? (
        <p id="schedule-reason" className="text-sm font-semibold">
          {ticket.reason}
        </p>
      ) : null}
    </Form>
  );
}
