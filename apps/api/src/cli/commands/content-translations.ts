// content:translation:set: one translation item of one locale (features §3 types image, markdown, plain, seo, json),
// through the same translations service as PUT /api/translation/{locale}/items/{category}/{id}: checked by type,
// the type of an existing item kept, every process's cache emptied through the change feed, and the write recorded
// in the operators' audit log as `cli:<user>` (before and after).
import { readFile } from 'node:fs/promises';
import { TRANSLATION_LOCALES, TRANSLATION_TYPES, TranslationLocale, TranslationType } from '@shop/contracts';
import { translationAuditEntry } from '../../modules/content/index.ts';
import { cliActor, defineCommand, UsageError } from '../command.ts';

interface SetOptions {
  type?: string;
  value?: string;
  json?: string;
  file?: string;
}

/** Types whose value is JSON (an object of SEO fields, any JSON); the others are text (an image: a file id). */
const JSON_TYPES = new Set<TranslationType>(['seo', 'json']);

async function valueOf(type: TranslationType, options: SetOptions): Promise<unknown> {
  const given = [options.value, options.json, options.file].filter((v) => v !== undefined);
  if (given.length !== 1)
    throw new UsageError('Give the value as one of --value <text>, --json <JSON> or --file <path>.');
  if (options.value !== undefined) {
    if (JSON_TYPES.has(type)) throw new UsageError(`A ${type} value is JSON: give it with --json or --file.`);
    return options.value;
  }
  const text = options.json ?? (await readFile(options.file!, 'utf8'));
  // A text value from a file is the file's text; JSON is parsed.
  if (options.file !== undefined && !JSON_TYPES.has(type)) return text.replace(/\r?\n$/, '');
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError('The value is not valid JSON.');
  }
}

export const contentTranslationSetCommand = defineCommand<SetOptions>({
  name: 'content:translation:set',
  usage: '<locale> <category> <id> --type <type> (--value <text> | --json <JSON> | --file <path>)',
  summary: 'Save one translation item of a locale (checked by type; audited); every shop process shows it next load.',
  define: (c) =>
    c
      .argument('[locale]', TRANSLATION_LOCALES.join(' or '))
      .argument('[category]', 'e.g. footer, faq, seo')
      .argument('[id]', 'e.g. note')
      .option('--type <type>', TRANSLATION_TYPES.join(', '))
      .option('--value <text>', 'plain text, Markdown, or an image file id')
      .option('--json <JSON>', 'an seo or json value as JSON text')
      .option('--file <path>', 'the value from a file (text; JSON for seo and json)'),
  async run({ args, options }, ctx) {
    if (args.length !== 3) throw new UsageError('Name the locale, the category and the item id.');
    const locale = TranslationLocale.safeParse(args[0]);
    if (!locale.success) throw new UsageError(`The locale is one of ${TRANSLATION_LOCALES.join(', ')}.`);
    const type = TranslationType.safeParse(options.type);
    if (!type.success) throw new UsageError(`--type is one of ${TRANSLATION_TYPES.join(', ')}.`);
    const value = await valueOf(type.data, options);
    const { translations, operators } = await ctx.services();
    const actor = cliActor();
    const change = await translations.put(
      locale.data,
      args[1]!,
      args[2]!,
      { type: type.data, value } as Parameters<typeof translations.put>[3],
      actor,
    );
    await operators.record({ actor, outcome: 'ok', ip: null, ...translationAuditEntry(change) });
    ctx.out(
      `Saved ${change.locale} ${change.category}/${change.id} (${change.after.type}${change.before ? '' : ', new'}).`,
    );
  },
});
