// The feedback widget's steps (features §2, §4, §5, §8): comment → complete, loaded when the drawer first opens.
import type { WebConfig } from '@shop/contracts';
import { FEEDBACK_TEXTS } from '@shop/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { SOCIAL_LABELS } from '../../lib/social-links.ts';
import { canSubmit, nextStep, RATING_CHOICES, type FeedbackEventState, type FeedbackStep } from './feedback-rules.ts';
import type { FeedbackWidgetProps } from './feedback-widget.tsx';

type Outcome = { ok: true } | { ok: false; error: string; fieldErrors?: Record<string, string[]> };

function eventStateOf(fetcherState: string, data: Outcome | undefined): FeedbackEventState {
  if (fetcherState !== 'idle') return 'creating';
  if (!data) return 'idle';
  return data.ok ? 'success' : 'error';
}

export function FeedbackSteps({
  signedIn,
  socialLinks,
  onClose,
  initialStep = 'comment',
}: FeedbackWidgetProps & { onClose(): void; initialStep?: FeedbackStep }) {
  const fetcher = useFetcher<Outcome>();
  const location = useLocation();
  const [step, setStep] = useState<FeedbackStep>(initialStep);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [email, setEmail] = useState('');
  const [client, setClient] = useState({ timezone: 'UTC', locale: 'en-AU' });
  const eventState = eventStateOf(fetcher.state, fetcher.data);
  const previous = useRef(eventState);
  useEffect(() => {
    const next = nextStep(step, previous.current, eventState);
    previous.current = eventState;
    if (next !== step) setStep(next);
  }, [eventState, step]);
  useEffect(() => {
    setClient({ timezone: Intl.DateTimeFormat().resolvedOptions().timeZone, locale: navigator.language || 'en-AU' });
  }, []);

  if (step === 'complete')
    return (
      <FeedbackComplete rating={rating} socialLinks={socialLinks} onBack={() => setStep('comment')} onClose={onClose} />
    );

  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <fetcher.Form method="post" action="/feedback" className="flex flex-col gap-1" data-testid="feedback-form">
      <fieldset className="flex flex-col gap-0.5">
        <legend className="mb-0.5 font-bold">How was your visit?</legend>
        <div className="grid grid-cols-3 gap-0.5">
          {RATING_CHOICES.map((c) => (
            <label
              key={c.key}
              className="flex min-h-[44px] cursor-pointer items-center justify-center rounded-theme border border-black/20 px-0.5 text-center text-sm has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2"
            >
              <input
                type="radio"
                name="rating"
                value={c.value}
                checked={rating === c.value}
                onChange={() => setRating(c.value)}
                className="sr-only"
                data-testid={`feedback-rating-${c.key}`}
              />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex flex-col gap-[4px]">
        <span>{FEEDBACK_TEXTS.commentLabel}</span>
        <textarea
          name="comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={2000}
          className="min-h-[90px] rounded-theme border border-black/30 p-0.5"
          data-testid="feedback-comment"
        />
      </label>
      {signedIn ? null : (
        <label className="flex flex-col gap-[4px]">
          <span>Email (optional)</span>
          <input
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="min-h-[44px] rounded-theme border border-black/30 px-0.5"
            data-testid="feedback-email"
          />
        </label>
      )}
      <input type="hidden" name="source" value={location.pathname} />
      <input type="hidden" name="timezone" value={client.timezone} />
      <input type="hidden" name="locale" value={client.locale} />
      {error ? (
        <p role="alert" className="text-error">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary disabled:cursor-not-allowed disabled:opacity-50"
        disabled={!canSubmit(rating, eventState)}
        data-testid="feedback-submit"
      >
        {eventState === 'creating' ? 'Sending…' : 'Send feedback'}
      </button>
    </fetcher.Form>
  );
}

export function FeedbackComplete({
  rating,
  socialLinks,
  onBack,
  onClose,
}: {
  rating: number | null;
  socialLinks: WebConfig['socialLinks'];
  onBack(): void;
  onClose(): void;
}) {
  const satisfied = rating === 1;
  return (
    <div className="flex flex-col gap-1" data-testid="feedback-complete">
      <p role="status">{satisfied ? FEEDBACK_TEXTS.thanksSatisfied : FEEDBACK_TEXTS.thanksOther}</p>
      {satisfied && socialLinks.length ? (
        <ul className="flex flex-wrap gap-x-1 gap-y-0.5" aria-label="Follow us">
          {socialLinks.map((s) => (
            <li key={s.network}>
              <a href={s.url} target="_blank" rel="noreferrer" className="underline">
                {SOCIAL_LABELS[s.network] ?? s.network}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-0.5">
        <button type="button" className="btn btn-secondary" onClick={onBack} data-testid="feedback-back">
          Back
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
