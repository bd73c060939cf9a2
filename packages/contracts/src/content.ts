import { z } from 'zod';
import { MAX_PAGE_LIMIT, PAGE_SIZES } from './common.ts';
import { Navigation } from './platform.ts';

/** Component variants (features §3 Site config, §5): only variant_a for every widget except the feedback banner. */
export const ComponentVariant = z.enum(['variant_a', 'variant_b', 'variant_c']);
export type ComponentVariant = z.infer<typeof ComponentVariant>;

export const SiteComponents = z.object({
  affiliateWidget: z.literal('variant_a'),
  companyInformationWidget: z.literal('variant_a'),
  charitySupportWidget: z.literal('variant_a'),
  customerFeedbackBanner: ComponentVariant,
  productSupportBanner: z.literal('variant_a'),
  uniqueSellingPointWidget: z.literal('variant_a'),
});
export type SiteComponents = z.infer<typeof SiteComponents>;

/** GET /api/cms/items/site_config: navigation plus component variants. */
export const SiteConfig = z.object({ navigation: Navigation, components: SiteComponents });
export type SiteConfig = z.infer<typeof SiteConfig>;

/** CMS collections this issue serves; any other collection name is a 404. */
export const CMS_COLLECTIONS = ['pages', 'theme', 'site_config', 'navigation', 'sitewide_banner'] as const;
export const CmsCollection = z.enum(CMS_COLLECTIONS);
export type CmsCollection = z.infer<typeof CmsCollection>;

/** A clear_cache query parameter exists (core §9): when present the answer is not cacheable. */
export const CmsItemQuery = z.object({ clearCache: z.string().max(16).optional() }).strict();
export type CmsItemQuery = z.infer<typeof CmsItemQuery>;

export const CmsPagesQuery = z
  .object({
    /** Site path of the page, e.g. "/about/privacy"; when given the list holds 0 or 1 page. */
    path: z
      .string()
      .max(512)
      .regex(/^\/[A-Za-z0-9\-_/]*$/, 'A path starts with "/" and holds letters, digits, "-", "_" and "/".')
      .optional(),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(PAGE_SIZES.default),
    offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
    clearCache: z.string().max(16).optional(),
  })
  .strict();
export type CmsPagesQuery = z.infer<typeof CmsPagesQuery>;

export const CmsItemParams = z.object({ collection: z.string().max(64) }).strict();
export const CmsItemByIdParams = z.object({ collection: z.string().max(64), id: z.string().max(128) }).strict();
export const CmsPageParams = z
  .object({
    id: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .strict();
