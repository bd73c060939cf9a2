// Every table, for drizzle-kit and for code that needs the whole schema (tests, resets). Modules own their tables.
export * from '../modules/platform/platform.schema.ts';
export * from '../modules/content/content.schema.ts';
