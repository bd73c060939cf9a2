// The experiment-flag service's calls (spec core §7 "an experiment-flag service is called"; the path and payload are
// ours, ADR 073): the storefront asks which variant a visitor sees (recording the exposure), and tells which
// purchase a visitor made (the conversion).
import {
  ExperimentAssignment,
  ExperimentAssignmentBody,
  ExperimentConversionBody,
  ExperimentConversionResult,
  ExperimentKey,
  successEnvelope,
} from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import type { ExperimentsService } from './experiments.service.ts';

export interface ExperimentsRoutesOptions {
  experiments: ExperimentsService;
}

export const experimentsRoutes: FastifyPluginAsync<ExperimentsRoutesOptions> = async (app, { experiments }) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/experiments/:experiment/assignment',
    {
      schema: {
        tags: ['experiments'],
        summary: "The visitor's variant (sticky per experiment id; a known ?variant= forces it), exposure recorded",
        params: z.object({ experiment: ExperimentKey }).strict(),
        body: ExperimentAssignmentBody,
        response: { 200: successEnvelope(ExperimentAssignment) },
      },
    },
    async (request) => ok(await experiments.assign(request.params.experiment, request.body)),
  );

  routes.post(
    '/experiments/conversions',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['experiments'],
        summary: "The signed-in customer's purchase, counted for the experiments this visitor was exposed to",
        body: ExperimentConversionBody,
        response: { 200: successEnvelope(ExperimentConversionResult) },
      },
    },
    async (request) => ok(await experiments.recordPurchase({ ...request.body, customerId: request.auth!.customerId })),
  );
};
