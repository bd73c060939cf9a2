// Groups (features §3/§5): create with a checked name, list mine, read, find and join by invite token.
import { LOTTO_PARTY_LIMITS, LOTTO_PARTY_TEXTS, type CreateGroupBody } from '@shop/contracts';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { conflict, notFound, unprocessable } from '../../lib/errors.ts';
import { lottoPartyRepository as repo } from './lotto-party.repository.ts';
import { newGroupId, newInviteToken, readableGroup, type LottoPartyDeps } from './lotto-party.rules.ts';
import { groupDetailView, groupListView } from './lotto-party.views.ts';

// obscenity's English dataset with its recommended transformers (leet speak, repeated letters, spacing), so
// "Scunthorpe" passes and "f u c k" does not.
const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Features §5: the trimmed name, or a 422 naming the field (contains_profanity for an offensive one). */
export function checkGroupName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  const field = (message: string, code: string) => unprocessable(message, code, { group_name: [message] });
  if (name.length === 0) throw field(LOTTO_PARTY_TEXTS.groupNameRequired, 'invalid_group_name');
  if (name.length > LOTTO_PARTY_LIMITS.maxGroupNameLength)
    throw field(LOTTO_PARTY_TEXTS.groupNameTooLong, 'invalid_group_name');
  if (profanity.hasMatch(name)) throw field(LOTTO_PARTY_TEXTS.groupNameProfane, 'contains_profanity');
  return name;
}

const invalidInvite = () => notFound('This invite link is not valid.', 'invalid_invite');

export function createGroupsService(deps: LottoPartyDeps) {
  const { db, clock } = deps;

  return {
    async create(customerId: string, body: CreateGroupBody) {
      const name = checkGroupName(body.groupName);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const group = await repo.insertGroup(tx, {
          publicId: newGroupId(),
          name,
          publicityStatus: body.publicityStatus,
          organiserId: customerId,
          inviteToken: newInviteToken(),
          createdAt: now,
        });
        // The only unique keys a new group can meet are its name (ids and tokens are random): a duplicate name.
        if (!group)
          throw conflict(LOTTO_PARTY_TEXTS.groupNameTaken, 'duplicate_group_name', {
            group_name: [LOTTO_PARTY_TEXTS.groupNameTaken],
          });
        await repo.addMember(tx, group.id, customerId, now);
        return groupDetailView(deps, tx, group, customerId);
      });
    },

    async mine(customerId: string, page: { limit: number; offset: number }) {
      const { rows, total } = await repo.groupsOfMember(db, customerId, page);
      return { items: await groupListView(db, rows, customerId), total };
    },

    async get(customerId: string, groupId: string) {
      const { group } = await readableGroup(db, await repo.groupByPublicId(db, groupId), customerId);
      return groupDetailView(deps, db, group, customerId);
    },

    async byToken(customerId: string, token: string) {
      const group = await repo.groupByToken(db, token);
      if (!group) throw invalidInvite();
      return groupDetailView(deps, db, group, customerId);
    },

    /** Joins the group the invite leads to (joining twice changes nothing). */
    async join(customerId: string, token: string) {
      const group = await repo.groupByToken(db, token);
      if (!group) throw invalidInvite();
      await repo.addMember(db, group.id, customerId, clock.now());
      return groupDetailView(deps, db, group, customerId);
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
