// Notification campaigns from the back office (/api/admin/campaigns; notifications.campaign: content editors and
// admins): the segments with their audience, and a campaign sent through the same service as
// `ops notifications:campaign` — one feed card per active customer of the segment, once per campaign key, so a repeated
// send (a double click, a retry) posts nothing new. Audited.
import { AdminCampaignBody, AdminCampaignResult, AdminCampaignSegment, successEnvelope } from '@shop/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/http.ts';
import { audited, TAGS as tags, type AdminAccess } from './backoffice.http.ts';

export interface CampaignsRoutesOptions {
  access: AdminAccess;
  campaigns: {
    segments(): Promise<AdminCampaignSegment[]>;
    send(body: AdminCampaignBody): Promise<AdminCampaignResult>;
  };
}

export const backofficeCampaignsRoutes: FastifyPluginAsync<CampaignsRoutesOptions> = async (app, options) => {
  const { access, campaigns } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const marketing = access.requireOperator('notifications.campaign');

  routes.get(
    '/campaigns/segments',
    {
      onRequest: marketing,
      schema: {
        tags,
        summary: 'The segments a campaign can go to, with their audience (active customers now)',
        response: { 200: successEnvelope(z.array(AdminCampaignSegment)) },
      },
    },
    async () => ok(await campaigns.segments()),
  );

  routes.post(
    '/campaigns',
    {
      onRequest: marketing,
      schema: {
        tags,
        summary: 'Send a notification card to every active customer of a segment, once per key; audited',
        body: AdminCampaignBody,
        response: { 200: successEnvelope(AdminCampaignResult) },
      },
    },
    async (request) => {
      const { segment, key, title } = request.body;
      return ok(
        await audited(
          access,
          request,
          {
            action: 'notification.campaign',
            target: segment,
            input: { key, title },
            detail: (r) => ({ audience: r.audience, posted: r.posted }),
          },
          () => campaigns.send(request.body),
        ),
      );
    },
  );
};
