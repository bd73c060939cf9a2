// Child process of the reconciliation test: deposits with the crash hook on, so the process is SIGKILLed after the
// test gateway approved the charge and before the ledger write. Usage: node --import tsx payments.crash-child.ts
// (env DATABASE_URL, CUSTOMER_ID, AMOUNT).
import { connectDatabase } from '../../db/index.ts';
import { loadConfig } from '../../env.ts';
import { systemClock } from '../../lib/clock.ts';
import { createServices } from '../../services.ts';

const database = connectDatabase(process.env.DATABASE_URL!, { max: 2 });
const { payments } = createServices({
  database,
  clock: systemClock,
  config: loadConfig({ NODE_ENV: 'test' }),
  crashAfterGatewayApproval: process.env.WALLET_CRASH_AFTER_GATEWAY_APPROVAL === '1',
});
await payments.deposit(process.env.CUSTOMER_ID!, 'td', { amount: process.env.AMOUNT! });
await database.close();
