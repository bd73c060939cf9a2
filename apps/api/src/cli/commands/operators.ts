// Back-office accounts from the command line: the first admin is created here (docs/operators.md); later operators
// are created by an admin in the back office, or here.
import { readFileSync } from 'node:fs';
import { CreateOperatorBody, OPERATOR_ROLES } from '@shop/contracts';
import { cliActor, defineCommand, UsageError } from '../command.ts';

/** The password: the first line of --password-file, else of standard input (never an argument: shell history). */
async function passwordFrom(file: string | undefined): Promise<string> {
  if (file) return readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';
  if (process.stdin.isTTY) process.stderr.write('Password for the new operator (then Enter): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (chunk.includes('\n')) break;
  }
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

export const operatorCreateCommand = defineCommand<{ name?: string; role?: string; passwordFile?: string }>({
  name: 'operator:create',
  usage: '<email> --name <name> --role <role> [--password-file <file>]',
  summary:
    'Create a back-office operator (the first admin); password from --password-file or stdin; prints the 2FA secret once.',
  define: (c) =>
    c
      .argument('[email]', "the operator's email address")
      .option('--name <name>', "the operator's name")
      .option('--role <role>', `one of ${OPERATOR_ROLES.join(', ')}`)
      .option('--password-file <file>', 'a file whose first line is the password (else standard input)'),
  async run({ args, options }, ctx) {
    const [email] = args;
    if (!email || !options.name || !options.role) throw new UsageError('Give the email, --name and --role.');
    const parsed = CreateOperatorBody.safeParse({
      email,
      name: options.name,
      role: options.role,
      password: await passwordFrom(options.passwordFile),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.err(`${issue.path.join('.') || 'input'}: ${issue.message}`);
      return 1;
    }
    const { operators } = await ctx.services();
    const created = await operators.create(parsed.data, { actor: cliActor() });
    ctx.out(`Operator ${created.operator.id} (${created.operator.role}) created for ${created.operator.email}.`);
    ctx.out(`Authenticator secret (shown once): ${created.totpSecret}`);
    ctx.out(`Add it to an authenticator app: ${created.otpauthUri}`);
  },
});
