// Every operator command. A later issue adds a file under commands/ and one entry here.
import type { OpsCommand } from './command.ts';
import { appLinksCommand } from './commands/app-links.ts';
import { analyticsFunnelCommand } from './commands/analytics.ts';
import { affiliatesReportCommand } from './commands/affiliates.ts';
import { bannerClearCommand, bannerSetCommand } from './commands/banner.ts';
import {
  contentArchiveCommand,
  contentCreateCommand,
  contentExportCommand,
  contentImportCommand,
  contentPreviewTokenCommand,
  contentPublishCommand,
  contentRestoreCommand,
  contentUpdateCommand,
  contentUploadCommand,
  contentVersionsCommand,
} from './commands/content.ts';
import { contentTranslationSetCommand } from './commands/content-translations.ts';
import {
  customerConfirmAddressCommand,
  customerRequireUpgradeCommand,
  customerUnlockTwoFactorCommand,
} from './commands/customers.ts';
import { experimentReportCommand } from './commands/experiments.ts';
import { feedbackListCommand } from './commands/feedback.ts';
import { partnerAddCommand, partnerListCommand } from './commands/partners.ts';
import { drawAdvanceCommand, drawImportCommand, drawResultCommand } from './commands/draws.ts';
import { recurringDueCommand, recurringRunCommand } from './commands/recurring.ts';
import { lottoPartyRunCommand } from './commands/lotto-party.ts';
import { raffleDrawCommand, rafflePostalEntryCommand, raffleVerifyCommand } from './commands/raffles.ts';
import { maintenanceCommand } from './commands/maintenance.ts';
import { offerResumeCommand, offerSuspendCommand } from './commands/offers.ts';
import { notificationsCampaignCommand } from './commands/notifications.ts';
import { migrationImportCommand, migrationStatusCommand } from './commands/migration.ts';
import { operatorCreateCommand } from './commands/operators.ts';
import { membershipDrawCommand, membershipGiveawayCommand, membershipGiveawaysCommand } from './commands/membership.ts';
import { segmentDefaultCommand } from './commands/segment.ts';
import { statusCommand } from './commands/status.ts';
import {
  customerExclusionCommand,
  verificationApproveCommand,
  verificationListCommand,
  verificationRejectCommand,
} from './commands/responsible-gambling.ts';
import {
  depositsReconcileCommand,
  withdrawalsApproveCommand,
  withdrawalsRejectCommand,
} from './commands/withdrawals.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command declares its own option types
export const commands: OpsCommand<any>[] = [
  statusCommand,
  maintenanceCommand,
  appLinksCommand,
  offerSuspendCommand,
  offerResumeCommand,
  operatorCreateCommand,
  segmentDefaultCommand,
  bannerSetCommand,
  bannerClearCommand,
  contentCreateCommand,
  contentUpdateCommand,
  contentPublishCommand,
  contentArchiveCommand,
  contentRestoreCommand,
  contentVersionsCommand,
  contentPreviewTokenCommand,
  contentUploadCommand,
  contentExportCommand,
  contentImportCommand,
  contentTranslationSetCommand,
  drawAdvanceCommand,
  drawResultCommand,
  drawImportCommand,
  raffleDrawCommand,
  raffleVerifyCommand,
  rafflePostalEntryCommand,
  withdrawalsApproveCommand,
  withdrawalsRejectCommand,
  depositsReconcileCommand,
  feedbackListCommand,
  experimentReportCommand,
  analyticsFunnelCommand,
  notificationsCampaignCommand,
  recurringDueCommand,
  recurringRunCommand,
  lottoPartyRunCommand,
  customerUnlockTwoFactorCommand,
  customerRequireUpgradeCommand,
  customerConfirmAddressCommand,
  verificationListCommand,
  verificationApproveCommand,
  verificationRejectCommand,
  customerExclusionCommand,
  membershipGiveawayCommand,
  membershipDrawCommand,
  membershipGiveawaysCommand,
  partnerAddCommand,
  partnerListCommand,
  migrationImportCommand,
  migrationStatusCommand,
  affiliatesReportCommand,
];
