// Content domain: CMS items of every collection (pages, blog, theme, navigation, site configuration, banner, files),
// their versions, preview links, translation items, and the rule of which are visible. Other code imports only here.
export { contentRoutes, type CausesDirectory, type ContentRoutesOptions } from './content.routes.ts';
export { contentWriteRoutes, type ContentWriteAccess, type ContentWriteRoutesOptions } from './content.write.routes.ts';
export { translationRoutes, type TranslationRoutesOptions } from './translations.routes.ts';
export { createContentService, type ContentDeps, type ContentService } from './content.service.ts';
export { createContentEditor, type Actor, type ContentEditor, type NewItem } from './content.editor.ts';
export {
  createContentTransfer,
  ContentDocument,
  CONTENT_DOCUMENT_FORMAT,
  FILE_EXTENSIONS,
  uploadType,
  type ContentTransfer,
} from './content.transfer.ts';
export {
  createTranslationsService,
  translationAuditEntry,
  type TranslationChange,
  type TranslationsService,
} from './content.translations.ts';
export { mintPreviewToken, PREVIEW_TTL_SECONDS, type PreviewClaims } from './content.preview.ts';
export { STORED_SHAPES, type ContentCollection } from './content.store.ts';
