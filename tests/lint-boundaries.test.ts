// The import boundaries of STYLE.md are enforced by lint (eslint.config.js), not by review. This keeps the rules
// honest: each one is shown a violating file at a real path and must report it, and a legal import must pass.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const cases: { name: string; file: string; code: string; expect: RegExp }[] = [
  {
    name: "a module reaching into another module's repository",
    file: 'apps/api/src/modules/platform/platform.service.ts',
    code: "import { createContentRepository } from '../content/content.repository.ts';\nexport const x = createContentRepository;\n",
    expect: /index\.ts/,
  },
  {
    name: 'SQL in a routes file',
    file: 'apps/api/src/modules/platform/platform.routes.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const x = sql;\n",
    expect: /Routes hold no SQL/,
  },
  {
    name: 'a service using drizzle query builders instead of its repository',
    file: 'apps/api/src/modules/platform/platform.service.ts',
    code: "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
    expect: /Only \*\.repository\.ts/,
  },
  {
    name: 'a workflow using drizzle query builders',
    file: 'apps/api/src/workflows/thing.workflow.ts',
    code: "import { sql } from 'drizzle-orm';\nexport const x = sql;\n",
    expect: /Only \*\.repository\.ts/,
  },
  {
    name: 'a service built outside the composition root',
    file: 'apps/api/src/modules/cart/cart.service.ts',
    code: "import { createPromotionsService } from '../promotions/index.ts';\nexport const x = createPromotionsService({} as never);\n",
    expect: /composition root/,
  },
  {
    name: 'a CLI command building its own ledger',
    file: 'apps/api/src/cli/commands/thing.ts',
    code: "import { createLedger } from '../../modules/wallet/index.ts';\nexport const x = createLedger({} as never);\n",
    expect: /composition root/,
  },
  {
    name: 'a routes file taking the database',
    file: 'apps/api/src/modules/platform/platform.routes.ts',
    code: "import type { Database } from '../../db/index.ts';\nexport type X = Database;\n",
    expect: /Routes receive services, never the database/,
  },
  {
    name: 'src/lib importing the rest of the app',
    file: 'apps/api/src/lib/money-helper.ts',
    code: "import { buildApp } from '../app.ts';\nexport const x = buildApp;\n",
    expect: /src\/lib holds pure helpers/,
  },
  {
    name: 'the storefront importing API code',
    file: 'apps/web/app/lib/thing.ts',
    code: "import { buildApp } from '../../../api/src/app.ts';\nexport const x = buildApp;\n",
    expect: /apps\/web never imports apps\/api/,
  },
  {
    name: 'a ui primitive importing a feature',
    file: 'apps/web/app/ui/thing.tsx',
    code: "import { SiteHeader } from '../features/layout/site-header.tsx';\nexport const x = SiteHeader;\n",
    expect: /bottom layer/,
  },
  {
    name: 'a feature importing another feature',
    file: 'apps/web/app/features/layout/thing.tsx',
    code: "import { CookieConsentBanner } from '../consent/cookie-consent-banner.tsx';\nexport const x = CookieConsentBanner;\n",
    expect: /A feature never imports another feature/,
  },
  {
    name: 'a feature importing root.tsx',
    file: 'apps/web/app/features/lotteries/thing.ts',
    code: "import type { loader } from '../../root.tsx';\nexport type X = typeof loader;\n",
    expect: /root\.tsx is the top layer/,
  },
  {
    name: 'a *.server.ts module imported from a component',
    file: 'apps/web/app/features/layout/thing.tsx',
    code: "import { readVisitor } from '../../lib/session.server.ts';\nexport const x = readVisitor;\n",
    expect: /\.server\.ts is imported only from/,
  },
  {
    name: 'packages/lottery doing I/O',
    file: 'packages/lottery/src/thing.ts',
    code: "import fs from 'node:fs';\nexport const x = fs;\n",
    expect: /lottery/i,
  },
  {
    name: 'packages/protocol using a Node-only API',
    file: 'packages/protocol/src/thing.ts',
    code: "import { createHmac } from 'node:crypto';\nexport const x = createHmac;\n",
    expect: /packages\/protocol is pure/,
  },
  {
    name: 'packages/protocol importing another package',
    file: 'packages/protocol/src/thing.ts',
    code: "import { FORM_MESSAGES } from '@shop/contracts';\nexport const x = FORM_MESSAGES;\n",
    expect: /packages\/protocol/,
  },
  {
    name: 'packages/contracts depending on more than zod',
    file: 'packages/contracts/src/thing.ts',
    code: "import { jackpotText } from '@shop/lottery';\nexport const x = jackpotText;\n",
    expect: /zod only/,
  },
];

describe('lint import boundaries (STYLE.md)', () => {
  for (const c of cases) {
    it(`reports ${c.name}`, async () => {
      const found = await problems(c.file, c.code);
      expect(
        found.some((p) => c.expect.test(p)),
        found.join('\n') || 'no problems reported',
      ).toBe(true);
    });
  }

  it('lets legal imports through', async () => {
    expect(
      await problems(
        'apps/api/src/modules/platform/platform.service.ts',
        "import { createContentService } from '../content/index.ts';\nexport const x = createContentService;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'apps/api/src/modules/platform/platform.repository.ts',
        "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'apps/api/src/services.ts',
        "import { createPromotionsService } from './modules/promotions/index.ts';\nexport const x = createPromotionsService({} as never);\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'apps/web/app/routes/thing.tsx',
        "import { readVisitor } from '../lib/session.server.ts';\nexport const x = readVisitor;\n",
      ),
    ).toEqual([]);
  });
});
