// Daily Winners members for service-level tests: an adult customer written straight into identity (no sign-up, no
// password hashing) who joins the programme through the membership service.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/index.ts';
import type { Services } from '../../src/services.ts';

export async function joinedMember(
  database: Database,
  s: Pick<Services, 'membership'>,
  firstname: string,
  state = 'NSW',
): Promise<string> {
  const id = `cus_${randomBytes(8).toString('hex')}`;
  await database.pool.query(
    `insert into identity_customers (public_id, customer_token, email, firstname, lastname, date_of_birth, phone,
       address, suburb, state, postcode, created_at, updated_at)
     values ($1, $2, $3, $4, 'Tester', '1980-05-05', '0400000000', '1 Main St', 'Town', $5, '2000', now(), now())`,
    [id, `tok_${id}`, `${id}@example.test`, firstname, state],
  );
  await s.membership.members.update(id, { membershipProgram: 'daily_winners', membershipStatus: 'member' });
  return id;
}
