import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** A module's graph as the bundler sees it while it places modules in chunks. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const APP_MODULE = /[\\/]apps[\\/]web[\\/]app[\\/]/;
const FRAMEWORK_MODULE = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
/**
 * A chunk of every module the given roots import statically (ADR 097, docs/storefront.md "Performance"). The walk
 * follows the storefront's own modules and the framework's, not the shared packages: the contracts' index re-exports
 * every schema, and a module the walk reaches lands in the chunk whole. What is imported lazily (drawers' panels,
 * dialogs, the feed, analytics) keeps its own chunk.
 */
function closureGroup(name: string, root: RegExp) {
  const candidates: string[] = [];
  let members: Set<string> | null = null;
  const walk = (ctx: ChunkingContext) => {
    const found = new Set<string>();
    const stack = candidates.filter((id) => root.test(id));
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (found.has(id)) continue;
      found.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? [])
        if (APP_MODULE.test(next) || FRAMEWORK_MODULE.test(next)) stack.push(next);
    }
    return found;
  };
  return {
    // The bundler offers every candidate to test() before it asks name(): the walk starts from the roots among them.
    test(id: string) {
      candidates.push(id);
      return true;
    },
    name(id: string, ctx: ChunkingContext) {
      members ??= walk(ctx);
      return members.has(id) ? name : null;
    },
  };
}

/**
 * The client build's two chunks of the first page:
 * - the shell: React, React DOM, React Router and what the client entry and the root route (the layout) import.
 *   Every page loads all of it before it hydrates; as one file it compresses better (one gzip window instead of
 *   thirty) and costs one request instead of thirty;
 * - the page blocks: what draws a managed page and its blocks (the home page, every CMS page, the offer tiles and
 *   countdowns of the featured tickets).
 * Each route module keeps its own chunk, and so does a module only some routes share.
 */
function clientChunkGroups() {
  return [
    closureGroup('shell', /[\\/]app[\\/](root|entry\.client)\.tsx$/),
    closureGroup(
      'page-blocks',
      /[\\/]app[\\/](routes[\\/]content[\\/]page-blocks|features[\\/]content[\\/]cms-page-view)\.tsx$/,
    ),
  ];
}

/**
 * React Router's production build for the browser: its package exports only `dist/development`, whose dev warnings
 * (ENABLE_DEV_WARNINGS) stay in the bundle; `dist/production` is the same code with them off. The server keeps the
 * package's own export (its warnings go to the log).
 */
const reactRouterProduction = (entry: string) =>
  fileURLToPath(new URL(`../../node_modules/react-router/dist/production/${entry}`, import.meta.url));

export default defineConfig(({ isSsrBuild, command }) => {
  const groups = clientChunkGroups().map((g) => ({ test: g.test, name: g.name }));
  const clientBuild = command === 'build' && !isSsrBuild;
  return {
    plugins: [tailwindcss(), reactRouter()],
    resolve: clientBuild
      ? {
          alias: [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ],
        }
      : {},
    build: clientBuild ? { rolldownOptions: { output: { codeSplitting: { groups } } } } : {},
  };
});
