// Main API (/api/v2) routes of responsible gambling (spec features §7 "Spend limit and transactions", core §7 customer
// verification calls, issue 8): limits, then exclusions and verification. The customer always comes from request.auth.
import type { Readable } from 'node:stream';
import {
  ConnectIdCallbackBody,
  ConnectIdStart,
  DepositLimits,
  Exclusion,
  LicenceBody,
  LimitBody,
  LimitChange,
  LimitIdParams,
  LimitPeriodParams,
  Precommitment,
  PrecommitmentBody,
  SelfExclusionBody,
  SpendLimits,
  successEnvelope,
  TakeABreakBody,
  VerificationOutcome,
  VerificationState,
  VerifyBody,
  type ApiMessage,
} from '@shop/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized, unprocessable } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { multipartProblem } from '../../lib/multipart.ts';
import type { DocumentReviewService } from './responsible-gambling.documents.ts';
import type { ExclusionService } from './responsible-gambling.exclusions.ts';
import type { LimitsService } from './responsible-gambling.limits.ts';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES, type UploadedFile } from './responsible-gambling.rules.ts';
import type { VerificationService } from './responsible-gambling.verification.ts';

/** The responsible-gambling sub-services the routes call (built by services.ts). */
export interface ResponsibleGamblingServices {
  limits: LimitsService;
  exclusions: ExclusionService;
  verification: VerificationService;
  documents: DocumentReviewService;
}

export interface ResponsibleGamblingRoutesOptions {
  responsibleGambling: ResponsibleGamblingServices;
}

const success = (code: string, text: string): ApiMessage => ({ code, text, level: 'success' });
const ExclusionState = z.object({ exclusion: Exclusion.nullable() });

/** Read a multipart upload: each file at most 5 MB (one byte more is read to tell), at most 4 files. */
async function readUploads(request: FastifyRequest): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw unprocessable(
      'Please attach the photos or PDF of your ID as a multipart form upload.',
      'multipart_required',
      { files: ['Please choose at least one photo or PDF of your ID.'] },
    );
  }
  const out: UploadedFile[] = [];
  const parts = request.parts({
    limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: MAX_UPLOAD_FILES + 1, fields: 10, parts: 20 },
  });
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (out.length >= MAX_UPLOAD_FILES) {
        part.file.resume();
        throw unprocessable(`Please upload at most ${MAX_UPLOAD_FILES} files.`, 'too_many_files', {
          files: [`Please upload at most ${MAX_UPLOAD_FILES} files.`],
        });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let over = false;
      for await (const chunk of part.file as Readable) {
        size += (chunk as Buffer).length;
        if (size > MAX_UPLOAD_BYTES) over = true;
        else chunks.push(chunk as Buffer);
      }
      const name = part.filename || 'file';
      if (over || (part.file as Readable & { truncated?: boolean }).truncated) {
        const text = `${name.slice(0, 200)} is larger than 5 MB. Please upload a smaller file.`;
        throw unprocessable(text, 'file_too_large', { files: [text] });
      }
      out.push({ filename: name, data: Buffer.concat(chunks) });
    }
  } catch (err) {
    const problem = multipartProblem(err);
    if (problem === 'too_many') {
      throw unprocessable(`Please upload at most ${MAX_UPLOAD_FILES} files.`, 'too_many_files', {
        files: [`Please upload at most ${MAX_UPLOAD_FILES} files.`],
      });
    }
    if (problem === 'too_large')
      throw unprocessable('A file is larger than 5 MB. Please upload a smaller file.', 'file_too_large', {
        files: ['A file is larger than 5 MB.'],
      });
    if (problem === 'unreadable') throw unprocessable('The upload could not be read.', 'invalid_upload');
    throw err;
  }
  return out;
}

export const limitsRoutes: FastifyPluginAsync<ResponsibleGamblingRoutesOptions> = async (app, opts) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rg = opts.responsibleGambling;
  const auth = { preHandler: app.requireCustomer };
  const limitTags = ['responsible gambling'];
  const customerOf = (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized('Please log in to continue.', 'unauthorized');
    return request.auth.customerId;
  };

  // ---------------------------------------------------------------- spend limits

  routes.get(
    '/spend-limits',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: "Spend limits: periods, the customer's limits with amount spent, and system limits",
        response: { 200: successEnvelope(SpendLimits) },
      },
    },
    async (request) => ok(await rg.limits.spendLimits(customerOf(request))),
  );
  for (const method of ['PUT', 'POST'] as const) {
    routes.route({
      method,
      url: '/spend-limits/:period',
      ...auth,
      schema: {
        tags: limitTags,
        summary: 'Set a spend limit (form: limit). Lower applies at once, higher after the cooling-off delay',
        params: LimitPeriodParams,
        body: LimitBody,
        response: { 200: successEnvelope(LimitChange) },
      },
      handler: async (request) => {
        const r = await rg.limits.setSpendLimit(customerOf(request), request.params.period, request.body.limit);
        return ok(r, [success('spend_limit_updated', r.message)]);
      },
    });
  }
  routes.delete(
    '/spend-limits/:id',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: 'Remove a spend limit (after the cooling-off delay)',
        params: LimitIdParams,
        response: { 200: successEnvelope(LimitChange) },
      },
    },
    async (request) => {
      const r = await rg.limits.removeSpendLimit(customerOf(request), request.params.id);
      return ok(r, [success('spend_limit_removed', r.message)]);
    },
  );

  // ---------------------------------------------------------------- pre-commitment
  routes.get(
    '/precommitment',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: "The customer's pre-commitment limit",
        response: { 200: successEnvelope(Precommitment) },
      },
    },
    async (request) => ok(await rg.limits.precommitment(customerOf(request))),
  );
  routes.post(
    '/precommitment',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: 'Set the pre-commitment limit (form: limit, period default monthly)',
        body: PrecommitmentBody,
        response: { 200: successEnvelope(LimitChange) },
      },
    },
    async (request) => {
      const r = await rg.limits.setPrecommitment(customerOf(request), request.body.period, request.body.limit);
      return ok(r, [success('precommitment_updated', r.message)]);
    },
  );
  routes.delete(
    '/precommitment',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: 'Remove the pre-commitment limit (after the cooling-off delay)',
        response: { 200: successEnvelope(LimitChange) },
      },
    },
    async (request) => {
      const r = await rg.limits.removePrecommitment(customerOf(request));
      return ok(r, [success('precommitment_removed', r.message)]);
    },
  );

  // ---------------------------------------------------------------- deposit limits
  routes.get(
    '/deposit-limits',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: 'Deposit limits (rolling windows)',
        response: { 200: successEnvelope(DepositLimits) },
      },
    },
    async (request) => ok(await rg.limits.depositLimits(customerOf(request))),
  );
  routes.put(
    '/deposit-limits/:period',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: 'Set a deposit limit (form: limit)',
        params: LimitPeriodParams,
        body: LimitBody,
        response: { 200: successEnvelope(LimitChange) },
      },
    },
    async (request) => {
      const r = await rg.limits.setDepositLimit(customerOf(request), request.params.period, request.body.limit);
      return ok(r, [success('deposit_limit_updated', r.message)]);
    },
  );
  routes.delete(
    '/deposit-limits/:id',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: 'Remove a deposit limit (after the cooling-off delay)',
        params: LimitIdParams,
        response: { 200: successEnvelope(LimitChange) },
      },
    },
    async (request) => {
      const r = await rg.limits.removeDepositLimit(customerOf(request), request.params.id);
      return ok(r, [success('deposit_limit_removed', r.message)]);
    },
  );
};

export const exclusionAndVerificationRoutes: FastifyPluginAsync<ResponsibleGamblingRoutesOptions> = async (
  app,
  opts,
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rg = opts.responsibleGambling;
  const auth = { preHandler: app.requireCustomer };
  const limitTags = ['responsible gambling'];
  const verifyTags = ['verification'];
  const customerOf = (request: FastifyRequest) => {
    if (!request.auth) throw unauthorized('Please log in to continue.', 'unauthorized');
    return request.auth.customerId;
  };

  // ---------------------------------------------------------------- spend limits

  routes.get(
    '/customer/exclusion',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: "The customer's current break or self-exclusion",
        response: { 200: successEnvelope(ExclusionState) },
      },
    },
    async (request) => ok({ exclusion: await rg.exclusions.exclusion(customerOf(request)) }),
  );
  routes.post(
    '/customer/take-a-break',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: 'Take a break (24h to 6 weeks); cannot be ended early',
        body: TakeABreakBody,
        response: { 200: successEnvelope(Exclusion) },
      },
    },
    async (request) => {
      const r = await rg.exclusions.takeABreak(customerOf(request), request.body.period);
      return ok(r, [success('take_a_break', r.message)]);
    },
  );
  routes.post(
    '/customer/self-exclusion',
    {
      ...auth,
      schema: {
        tags: limitTags,
        summary: 'Self-exclude (6 months to 5 years); cannot be lifted early',
        body: SelfExclusionBody,
        response: { 200: successEnvelope(Exclusion) },
      },
    },
    async (request) => {
      const r = await rg.exclusions.selfExclude(customerOf(request), request.body.period);
      return ok(r, [success('self_exclusion', r.message)]);
    },
  );

  // ---------------------------------------------------------------- verification
  routes.get(
    '/customer/verification',
    {
      ...auth,
      schema: {
        tags: verifyTags,
        summary: 'Verification methods and their statuses',
        response: { 200: successEnvelope(VerificationState) },
      },
    },
    async (request) => ok(await rg.verification.verificationState(customerOf(request))),
  );
  routes.post(
    '/customer/verify',
    {
      ...auth,
      schema: {
        tags: verifyTags,
        summary: 'Automatic data-source verification: details plus one document number',
        body: VerifyBody,
        response: { 200: successEnvelope(VerificationOutcome) },
      },
    },
    async (request) => ok(await rg.verification.verify(customerOf(request), request.body)),
  );
  routes.post(
    '/customer/verification/licence',
    {
      ...auth,
      schema: {
        tags: verifyTags,
        summary: 'Driver licence verification',
        body: LicenceBody,
        response: { 200: successEnvelope(VerificationOutcome) },
      },
    },
    async (request) => ok(await rg.verification.verifyLicence(customerOf(request), request.body)),
  );
  routes.post(
    '/customer/verification',
    {
      ...auth,
      schema: {
        tags: verifyTags,
        summary: 'Upload photo ID (multipart files: images or PDF, at most 4 of 5 MB)',
        response: { 200: successEnvelope(VerificationOutcome) },
      },
    },
    async (request) => {
      const customerId = customerOf(request);
      return ok(await rg.documents.uploadDocuments(customerId, await readUploads(request)));
    },
  );
  routes.post(
    '/customer/verification/connectid',
    {
      ...auth,
      schema: {
        tags: verifyTags,
        summary: 'Start ConnectID: where to send the browser',
        response: { 200: successEnvelope(ConnectIdStart) },
      },
    },
    async (request) => ok(await rg.verification.startConnectId(customerOf(request))),
  );
  routes.post(
    '/customer/verification/connectid/callback',
    {
      ...auth,
      schema: {
        tags: verifyTags,
        summary: 'ConnectID came back with a code',
        body: ConnectIdCallbackBody,
        response: { 200: successEnvelope(VerificationOutcome) },
      },
    },
    async (request) => ok(await rg.verification.connectIdCallback(customerOf(request), request.body)),
  );
};

export const responsibleGamblingRoutes: FastifyPluginAsync<ResponsibleGamblingRoutesOptions> = async (app, opts) => {
  // The parent's prefix is already applied: the sub-plugins share its options, not a second prefix.
  const sub = { ...opts, prefix: '' };
  await app.register(limitsRoutes, sub);
  await app.register(exclusionAndVerificationRoutes, sub);
};
