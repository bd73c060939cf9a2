// /back-office/campaigns (notifications.campaign: content editors and admins): a notification campaign — one card in
// the feed of every active customer of a segment — through the same service as `ops notifications:campaign`. The
// form is checked with the contracts' schema (Conform, in the browser and the action); a valid campaign goes to a
// confirmation step with its own address (?confirm=send&…) that shows the card and the segment's audience before
// anything is sent. The campaign key is made when the form is drawn and travels with it: sending twice (a double
// click, a resubmitted page) posts each customer one card.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { AdminCampaignBody, AdminCampaignResult, AdminCampaignSegment, OPERATOR_TEXTS } from '@shop/contracts';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { ScreenTitle } from '../../features/back-office/back-office-frame.tsx';
import { BACK_OFFICE_PATH, backOfficeMeta } from '../../features/back-office/back-office-paths.ts';
import { orSignIn, requireOperator } from '../../features/back-office/back-office-session.server.ts';
import { isApiError } from '../../lib/api-errors.ts';
import { validateForm } from '../../lib/form-validation.ts';
import { toRouteError } from '../../lib/route-errors.ts';
import { Field, FormAlert, inputClass, SubmitButton } from '../../ui/form-field.tsx';
import type { Route } from './+types/campaigns';
import { ConfirmPanel } from '../../features/back-office/confirm-panel.tsx';

const PATH = `${BACK_OFFICE_PATH}/campaigns`;
const FIELDS = ['segment', 'key', 'title', 'message', 'link', 'linkText'] as const;

export function meta() {
  return backOfficeMeta('Campaigns');
}

/** The campaign a confirmation address carries, if it is a valid one. */
function campaignIn(params: { get(name: string): FormDataEntryValue | null }): AdminCampaignBody | null {
  const raw = Object.fromEntries(
    FIELDS.flatMap((f) => {
      const v = params.get(f);
      return typeof v === 'string' && v ? [[f, v]] : [];
    }),
  );
  const parsed = AdminCampaignBody.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireOperator(request, context);
  const url = new URL(request.url);
  try {
    const segments = AdminCampaignSegment.array().parse(await orSignIn(request, api.get('/campaigns/segments')));
    const asked = url.searchParams.get('confirm') === 'send' ? campaignIn(url.searchParams) : null;
    const audience = segments.find((s) => s.segmentName === asked?.segment)?.customers ?? null;
    const sent = url.searchParams.get('done') === 'sent';
    return {
      segments,
      confirm: asked && audience !== null ? { campaign: asked, audience } : null,
      sent: sent
        ? {
            segment: url.searchParams.get('segment') ?? '',
            posted: Number(url.searchParams.get('posted') ?? 0),
            audience: Number(url.searchParams.get('audience') ?? 0),
          }
        : null,
      // A new campaign's key: drawn with the form, so the same campaign sent twice is sent once.
      key: `bo-${crypto.randomUUID()}`,
    };
  } catch (error) {
    throw toRouteError(error);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireOperator(request, context);
  const form = await request.formData();
  if (form.get('intent') === 'send') {
    const campaign = campaignIn(form);
    if (!campaign) return data({ result: null, error: 'This campaign is not complete: write it again.' }, 400);
    try {
      const sent = AdminCampaignResult.parse(await orSignIn(request, api.post('/campaigns', campaign)));
      const done = {
        done: 'sent',
        segment: sent.segment,
        posted: String(sent.posted),
        audience: String(sent.audience),
      };
      throw redirect(`${PATH}?${new URLSearchParams(done)}`);
    } catch (error) {
      if (!isApiError(error) || error.status >= 500) throw toRouteError(error);
      return data({ result: null, error: error.status === 403 ? OPERATOR_TEXTS.notAllowed : error.message }, 422);
    }
  }
  // The form: checked with the contracts' schema, then the confirmation step (nothing is sent yet).
  const submission = parseWithZod(form, { schema: AdminCampaignBody });
  if (submission.status !== 'success') return data({ result: submission.reply(), error: null }, 400);
  const params = new URLSearchParams({ confirm: 'send' });
  for (const [k, v] of Object.entries(submission.value)) if (v) params.set(k, String(v));
  throw redirect(`${PATH}?${params}`);
}

function Compose({
  segments,
  campaignKey,
  lastResult,
}: {
  segments: AdminCampaignSegment[];
  campaignKey: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'campaign',
    lastResult,
    onValidate: ({ formData }) => validateForm(formData, { schema: AdminCampaignBody }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-[40rem]">
      <FormAlert id={form.errorId} messages={form.errors} />
      <input type="hidden" name="key" value={campaignKey} />
      <Field label="Segment" meta={fields.segment} hint="Every active customer of the segment gets the card.">
        <select {...getSelectProps(fields.segment)} className={inputClass}>
          <option value="">Select</option>
          {segments.map((s) => (
            <option key={s.segmentName} value={s.segmentName}>
              {s.segmentName} ({s.customers} customer{s.customers === 1 ? '' : 's'})
            </option>
          ))}
        </select>
      </Field>
      <Field label="Title" meta={fields.title} hint="Up to 120 characters.">
        <input {...getInputProps(fields.title, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="Message" meta={fields.message} hint="Up to 1000 characters.">
        <textarea {...getTextareaProps(fields.message)} rows={4} className={`${inputClass} py-0.5`} />
      </Field>
      <Field
        label="Link (optional)"
        meta={fields.link}
        hint="A path of the shop (/lotto-tickets) or an https:// address."
      >
        <input {...getInputProps(fields.link, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="Link text (optional)" meta={fields.linkText} hint="Needed with a link, e.g. Play now.">
        <input {...getInputProps(fields.linkText, { type: 'text' })} autoComplete="off" className={inputClass} />
      </Field>
      <SubmitButton busy={navigation.state === 'submitting'}>Review the campaign</SubmitButton>
    </Form>
  );
}

function Confirmation({
  campaign,
  audience,
  error,
}: {
  campaign: AdminCampaignBody;
  audience: number;
  error: string | null | undefined;
}) {
  const busy = useNavigation().state === 'submitting';
  return (
    <ConfirmPanel
      testId="campaign-confirmation"
      className="mb-2 max-w-[40rem]"
      title={
        <>
          Send this card to {audience} customer{audience === 1 ? '' : 's'} of segment {campaign.segment}?
        </>
      }
    >
      <div className="my-1 rounded-theme border border-[#767676] bg-white p-1" data-testid="campaign-preview">
        <p className="font-bold">{campaign.title}</p>
        <p className="whitespace-pre-line">{campaign.message}</p>
        {campaign.link ? (
          <p className="mt-0.5 font-semibold underline">
            {campaign.linkText} ({campaign.link})
          </p>
        ) : null}
      </div>
      <p className="mb-0.5 text-sm">A customer who already has this campaign’s card does not get it again.</p>
      {error ? <FormAlert messages={[error]} /> : null}
      <Form method="post" className="flex flex-wrap gap-1">
        {FIELDS.map((f) => (campaign[f] ? <input key={f} type="hidden" name={f} value={String(campaign[f])} /> : null))}
        <button name="intent" value="send" disabled={busy} aria-busy={busy || undefined} className="btn btn-primary">
          Yes, send to {audience} customer{audience === 1 ? '' : 's'}
        </button>
        <Link to={PATH} className="btn btn-secondary">
          Cancel
        </Link>
      </Form>
    </ConfirmPanel>
  );
}

export default function Campaigns({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const sent = d.sent
    ? `Sent: ${d.sent.posted} card${d.sent.posted === 1 ? '' : 's'} posted to segment ${d.sent.segment} (${d.sent.audience} active customer${d.sent.audience === 1 ? '' : 's'}).`
    : null;
  return (
    <>
      <ScreenTitle title="Campaigns">A notification card for every active customer of a segment.</ScreenTitle>
      {sent ? <FormAlert tone="success" messages={[sent]} /> : null}
      {d.confirm ? (
        <Confirmation campaign={d.confirm.campaign} audience={d.confirm.audience} error={actionData?.error} />
      ) : (
        <>
          {actionData?.error ? <FormAlert messages={[actionData.error]} /> : null}
          <Compose segments={d.segments} campaignKey={d.key} lastResult={actionData?.result} />
        </>
      )}
    </>
  );
}
