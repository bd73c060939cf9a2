import { defineCommand, UsageError } from '../command.ts';

export const segmentDefaultCommand = defineCommand({
  name: 'segment:default',
  usage: '<segment-name>',
  summary: 'Choose the segment anonymous visitors get (DEFAULT_SEGMENT, when set, still wins).',
  define: (c) => c.argument('[segment-name]', 'the segment anonymous visitors get'),
  async run({ args }, ctx) {
    const [name] = args;
    if (!name) throw new UsageError('Name one segment.');
    const { platform } = await ctx.services();
    const known = (await platform.listSegments()).map((s) => s.segmentName);
    if (!known.includes(name)) {
      ctx.err(`There is no segment named "${name}". Segments: ${known.join(', ')}.`);
      return 1;
    }
    await platform.setDefaultSegment(name);
    ctx.out(`The default segment is now "${name}".`);
    if (ctx.config.defaultSegment && ctx.config.defaultSegment !== name) {
      ctx.out(
        `Note: DEFAULT_SEGMENT=${ctx.config.defaultSegment} is set in this environment and takes precedence while it is.`,
      );
    }
  },
});
