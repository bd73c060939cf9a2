// Content commands: create, update, publish, archive and restore items (each a new version), mint preview links,
// upload image files, and export or import all content as one JSON document (backups and seeding).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PREVIEWABLE_COLLECTIONS } from '@shop/contracts';
import { FILE_EXTENSIONS, PREVIEW_TTL_SECONDS, uploadType } from '../../modules/content/index.ts';
import { cliActor, defineCommand, UsageError } from '../command.ts';

interface DataOptions {
  file?: string;
  json?: string;
  publish?: boolean;
  at?: string;
  id?: string;
}

async function readData(options: DataOptions): Promise<unknown> {
  if ((options.file === undefined) === (options.json === undefined))
    throw new UsageError('Give the item as --file <path to JSON> or --json <JSON text> (one of them).');
  const text = options.json ?? (await readFile(options.file!, 'utf8'));
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError('The item is not valid JSON.');
  }
}

function dateOption(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(at.getTime()))
    throw new UsageError('--at takes an ISO date and time, e.g. 2026-07-01T09:00:00+10:00.');
  return at;
}

/** --at schedules a publication, so alone it would be a date nobody uses: refused before anything is written. */
function publishAtOption(options: DataOptions): Date | undefined {
  const at = dateOption(options.at);
  if (at && !options.publish) throw new UsageError('--at goes with --publish (it is the date the item goes live).');
  return at;
}

function versionOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,7}$/.test(value) || Number(value) < 1) throw new UsageError('--version takes a version number.');
  return Number(value);
}

const dataOptions = (c: import('commander').Command) =>
  c
    .option('--file <path>', 'the item as a JSON file')
    .option('--json <text>', 'the item as JSON text')
    .option('--publish', 'publish it (now, or at --at)')
    .option('--at <iso>', 'publish at this date and time');

export const contentCreateCommand = defineCommand<DataOptions>({
  name: 'content:create',
  usage: '<collection> (--file <json> | --json <text>) [--id <id>] [--publish [--at <iso>]]',
  summary: 'Create a content item (a draft unless --publish); prints its id.',
  define: (c) => dataOptions(c.argument('[collection]')).option('--id <id>', 'the new item id'),
  async run({ args, options }, ctx) {
    if (args.length !== 1) throw new UsageError('Name the collection.');
    const data = await readData(options);
    const at = publishAtOption(options);
    const { contentEditor } = await ctx.services();
    const item = await contentEditor.create(
      args[0]!,
      { id: options.id, data, status: options.publish ? 'published' : 'draft', datePublished: at ?? null },
      cliActor(),
    );
    ctx.out(
      `Created ${item.collection}/${item.id} (version 1, ${item.status}${item.datePublished ? ` from ${item.datePublished.toISOString()}` : ''}).`,
    );
  },
});

export const contentUpdateCommand = defineCommand<DataOptions>({
  name: 'content:update',
  usage: '<collection> <id> (--file <json> | --json <text>) [--publish [--at <iso>]]',
  summary: 'Save new fields of an item as a new version (a live item changes once published).',
  define: (c) => dataOptions(c.argument('[collection]').argument('[id]')),
  async run({ args, options }, ctx) {
    if (args.length !== 2) throw new UsageError('Name the collection and the item id.');
    const data = await readData(options);
    const at = publishAtOption(options);
    const { contentEditor } = await ctx.services();
    const saved = await contentEditor.update(args[0]!, args[1]!, data, cliActor(), { publish: options.publish, at });
    if (options.publish) {
      ctx.out(`Saved and published ${args[0]}/${args[1]} (version ${saved.version}).`);
    } else {
      ctx.out(
        `Saved ${args[0]}/${args[1]} as version ${saved.version}${saved.pending ? ' (not live until published: content:publish)' : ''}.`,
      );
    }
  },
});

export const contentPublishCommand = defineCommand<{ at?: string; version?: string }>({
  name: 'content:publish',
  usage: '<collection> <id> [--at <iso>] [--version <n>]',
  summary: 'Publish the newest version of an item (or --version), now or at a date.',
  define: (c) =>
    c
      .argument('[collection]')
      .argument('[id]')
      .option('--at <iso>', 'publish at this date and time')
      .option('--version <n>', 'publish this version'),
  async run({ args, options }, ctx) {
    if (args.length !== 2) throw new UsageError('Name the collection and the item id.');
    const at = dateOption(options.at);
    const version = versionOption(options.version);
    const { contentEditor } = await ctx.services();
    const done = await contentEditor.publish(args[0]!, args[1]!, { at, version }, cliActor());
    ctx.out(`Published ${args[0]}/${args[1]} (version ${done.version}) from ${done.datePublished!.toISOString()}.`);
  },
});

export const contentArchiveCommand = defineCommand({
  name: 'content:archive',
  usage: '<collection> <id>',
  summary: 'Take an item down (visitors no longer see it).',
  define: (c) => c.argument('[collection]').argument('[id]'),
  async run({ args }, ctx) {
    if (args.length !== 2) throw new UsageError('Name the collection and the item id.');
    const done = await (await ctx.services()).contentEditor.archive(args[0]!, args[1]!, cliActor());
    ctx.out(`Archived ${args[0]}/${args[1]} (version ${done.version}).`);
  },
});

export const contentRestoreCommand = defineCommand<{ version?: string }>({
  name: 'content:restore',
  usage: '<collection> <id> --version <n>',
  summary: 'Bring back the fields of an earlier version (live at once).',
  define: (c) => c.argument('[collection]').argument('[id]').option('--version <n>', 'the version to restore'),
  async run({ args, options }, ctx) {
    const version = versionOption(options.version);
    if (args.length !== 2 || version === undefined)
      throw new UsageError('Name the collection, the item and --version.');
    const done = await (await ctx.services()).contentEditor.restore(args[0]!, args[1]!, version, cliActor());
    ctx.out(`Restored ${args[0]}/${args[1]} to version ${version}'s fields (now version ${done.version}).`);
  },
});

export const contentVersionsCommand = defineCommand({
  name: 'content:versions',
  usage: '<collection> <id>',
  summary: 'List the versions of an item: number, action, status, who and when.',
  define: (c) => c.argument('[collection]').argument('[id]'),
  async run({ args }, ctx) {
    if (args.length !== 2) throw new UsageError('Name the collection and the item id.');
    for (const v of await (await ctx.services()).contentEditor.versions(args[0]!, args[1]!))
      ctx.out(`${v.version}\t${v.action}\t${v.status}\t${v.author}\t${v.dateCreated}`);
  },
});

export const contentPreviewTokenCommand = defineCommand<{ version?: string; minutes?: string }>({
  name: 'content:preview-token',
  usage: '<pages|blog_posts> <id> [--version <n>] [--minutes <n>]',
  summary: 'Print a signed preview link to an unpublished page or post (1 hour by default).',
  define: (c) =>
    c
      .argument('[collection]')
      .argument('[id]')
      .option('--version <n>', 'show this version (default: the newest when opened)')
      .option('--minutes <n>', 'how long the link works'),
  async run({ args, options }, ctx) {
    const [collection, id] = args;
    if (args.length !== 2 || !(PREVIEWABLE_COLLECTIONS as readonly string[]).includes(collection!))
      throw new UsageError(`Name a collection (${PREVIEWABLE_COLLECTIONS.join(' or ')}) and an item id.`);
    const minutes = options.minutes === undefined ? PREVIEW_TTL_SECONDS.default / 60 : Number(options.minutes);
    if (!Number.isInteger(minutes) || minutes < 1 || minutes * 60 > PREVIEW_TTL_SECONDS.max)
      throw new UsageError(`--minutes takes 1 to ${PREVIEW_TTL_SECONDS.max / 60}.`);
    const services = await ctx.services();
    const version = versionOption(options.version);
    // The item (and the version) must exist: a link to nothing helps nobody.
    const versions = await services.contentEditor.versions(collection!, id!);
    if (version !== undefined && !versions.some((v) => v.version === version))
      throw new UsageError(`${collection}/${id} has no version ${version}.`);
    const token = services.content.mintPreview(
      { collection: collection as 'pages' | 'blog_posts', id: id!, version: version ?? null },
      minutes * 60,
    );
    ctx.out(`${services.config.publicUrl.replace(/\/+$/, '')}/preview?token=${token}`);
  },
});

export const contentExportCommand = defineCommand<{ out?: string }>({
  name: 'content:export',
  usage: '[--out <file>]',
  summary: 'Write every content item, file and translation as one JSON document (stdout without --out).',
  define: (c) => c.option('--out <file>', 'write to this file'),
  async run({ options }, ctx) {
    const doc = await (await ctx.services()).contentTransfer.exportDocument();
    const text = JSON.stringify(doc, null, 2);
    if (options.out) {
      await writeFile(options.out, `${text}\n`, { mode: 0o600 });
      ctx.out(
        `Wrote ${doc.items.length} items, ${doc.files?.length ?? 0} files and ${doc.translations?.length ?? 0} translations to ${options.out}.`,
      );
    } else ctx.out(text);
  },
});

export const contentImportCommand = defineCommand<{ missingOnly?: boolean }>({
  name: 'content:import',
  usage: '<file> [--missing-only]',
  summary: 'Write a content document (from content:export) in one transaction; --missing-only keeps existing items.',
  define: (c) => c.argument('[file]').option('--missing-only', 'leave items that already exist alone'),
  async run({ args, options }, ctx) {
    if (args.length !== 1) throw new UsageError('Name the JSON file to import.');
    let doc: unknown;
    try {
      doc = JSON.parse(await readFile(args[0]!, 'utf8'));
    } catch {
      throw new UsageError(`${args[0]} is not a readable JSON file.`);
    }
    const { written } = await (
      await ctx.services()
    ).contentTransfer.importDocument(doc, cliActor(), {
      onlyMissing: options.missingOnly ?? false,
    });
    ctx.out(`Imported ${written} items and translations.`);
  },
});

export const contentUploadCommand = defineCommand<{ id?: string; title?: string; alt?: string }>({
  name: 'content:upload',
  usage: '<image file> [--id <id>] [--title <text>] [--alt <text>]',
  summary: 'Add an image file to the files collection (published at once); prints its id.',
  define: (c) =>
    c
      .argument('[file]')
      .option('--id <id>', 'the file id')
      .option('--title <text>', 'a title')
      .option('--alt <text>', 'the alternative text readers get'),
  async run({ args, options }, ctx) {
    if (args.length !== 1) throw new UsageError('Name the image file.');
    const type = uploadType(args[0]!);
    if (!type) throw new UsageError(`Accepted files: ${Object.keys(FILE_EXTENSIONS).join(', ')}.`);
    const bytes = await readFile(args[0]!);
    const file = await (
      await ctx.services()
    ).contentTransfer.upload(
      {
        id: options.id,
        filename: path.basename(args[0]!),
        type,
        bytes,
        title: options.title,
        description: options.alt,
      },
      cliActor(),
    );
    ctx.out(`Uploaded ${file.id} (${file.type}, ${file.filesize} bytes).`);
  },
});
