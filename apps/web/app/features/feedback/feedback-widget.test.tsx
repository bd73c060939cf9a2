// The feedback widget's steps and rules (features §4, §5, §8), rendered on the server: the comment step for guests
// (email) and customers (none), submit disabled without a rating, the complete step's thanks (social links for
// satisfied only), and the event the action sends (features §3).
import { FEEDBACK_TEXTS } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { renderHtml, textOf } from '../../test-support/render.tsx';
import { FeedbackForm } from './feedback-form.ts';
import { canSubmit, nextStep } from './feedback-rules.ts';
import { feedbackEventOf } from './feedback.server.ts';
import { FeedbackComplete, FeedbackSteps } from './feedback-steps.tsx';

const links = [{ network: 'facebook' as const, url: 'https://facebook.example/shop' }];
const noop = () => undefined;

describe('feedback widget', () => {
  it("a guest's comment step: rating, the spec's comment label, an email field; submit disabled without a rating", () => {
    const html = renderHtml(<FeedbackSteps signedIn={false} socialLinks={links} onClose={noop} />, '/powerball');
    const text = textOf(html);
    expect(text).toContain('Not satisfied');
    expect(text).toContain('Neutral');
    expect(text).toContain('Satisfied');
    expect(text).toContain('Any Feedback - we are all ears! (optional)');
    expect(html).toMatch(/<input[^>]*type="email"[^>]*name="email"/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(html).toMatch(/name="source" value="\/powerball"/);
  });

  it('a signed-in customer is not asked for an email', () => {
    const html = renderHtml(<FeedbackSteps signedIn socialLinks={links} onClose={noop} />);
    expect(html).not.toContain('name="email"');
  });

  it('submit is allowed with a rating and not while creating; complete only on creating → success', () => {
    expect(canSubmit(null, 'idle')).toBe(false);
    expect(canSubmit(0, 'idle')).toBe(true);
    expect(canSubmit(-1, 'error')).toBe(true);
    expect(canSubmit(1, 'creating')).toBe(false);
    expect(nextStep('comment', 'creating', 'success')).toBe('complete');
    expect(nextStep('comment', 'creating', 'error')).toBe('comment');
    expect(nextStep('comment', 'idle', 'success')).toBe('comment');
  });

  it('satisfied gets thanks with the social links; the others a follow-up message; Back is offered', () => {
    const satisfied = renderHtml(<FeedbackComplete rating={1} socialLinks={links} onBack={noop} onClose={noop} />);
    expect(textOf(satisfied)).toContain(FEEDBACK_TEXTS.thanksSatisfied);
    expect(satisfied).toContain('href="https://facebook.example/shop"');
    expect(textOf(satisfied)).toContain('Back');
    const neutral = renderHtml(<FeedbackComplete rating={0} socialLinks={links} onBack={noop} onClose={noop} />);
    expect(textOf(neutral)).toContain(FEEDBACK_TEXTS.thanksOther);
    expect(neutral).not.toContain('facebook.example');
  });

  it('sends the feedback event of features §3, line breaks of the comment as spaces', () => {
    const form = FeedbackForm.parse({
      rating: '-1',
      comment: 'Slow\npage',
      email: 'guest@example.com',
      source: '/cart',
      timezone: 'Australia/Perth',
      locale: 'en-AU',
    });
    expect(feedbackEventOf(form, false, '1.2.3')).toEqual({
      category: 'user',
      eventType: 'feedback_event',
      name: 'feedback',
      rating: -1,
      comment: 'Slow page',
      email: 'guest@example.com',
      source: '/cart',
      variant: null,
      clientInformation: {
        build: 'internal',
        name: 'Web',
        version: '1.2.3',
        clientEnvironment: { timezone: 'Australia/Perth', locale: 'en-AU' },
      },
    });
    expect(feedbackEventOf(form, true, '1.2.3').clientInformation.build).toBe('release');
    // The variant is the visitor's sub-variant (features §3 "variant (sub-variant)").
    expect(feedbackEventOf(form, false, '1.2.3', 'qld').variant).toBe('qld');
    expect(FeedbackForm.safeParse({ comment: 'no rating' }).success).toBe(false);
  });
});
