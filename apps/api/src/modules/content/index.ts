// Content domain: CMS items (pages, theme, navigation, site configuration, sitewide banner) and the rule of which
// are visible. Other code imports only from here.
export { contentRoutes, type ContentRoutesOptions } from './content.routes.ts';
export {
  createContentService,
  StoredPage,
  type ContentDeps,
  type ContentSeedItem,
  type ContentService,
} from './content.service.ts';
