// Platform rules: the web configuration (validated by the WebConfig contract on every read and write) and
// segment capabilities (spec core §1: the customer's segment when logged in, a default segment otherwise).
import { Capability, CapabilitiesResult, Segment, WebConfig } from '@shop/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { cachedUntilChanged, type ChangeSource } from '../../lib/cached-until-changed.ts';
import { notFound, serviceUnavailable } from '../../lib/errors.ts';
import { createPlatformRepository, PLATFORM_TABLES, WEB_CONFIG_KEY, type SegmentRow } from './platform.repository.ts';

/** What is stored: everything but baseUrl, which comes from PUBLIC_URL at read time so one database serves any host. */
export const StoredWebConfig = WebConfig.omit({ baseUrl: true });
export type StoredWebConfig = z.infer<typeof StoredWebConfig>;

export interface PlatformDeps {
  db: Db;
  config: Pick<AppConfig, 'publicUrl' | 'defaultSegment'>;
  clock: Clock;
  /**
   * Long-lived services (the API routes) pass the database's change feed: the configuration and segments, read on
   * every page, are then kept in memory until a write to their tables is announced. Without it every call reads.
   */
  changes?: ChangeSource;
}

const KNOWN = new Set<string>(Capability.options);

function toSegment(row: SegmentRow): Segment {
  // Flags this build does not know (left by a newer release, or typed by hand) are not reported.
  return { segmentName: row.segmentName, capabilities: row.capabilities.filter((c): c is Capability => KNOWN.has(c)) };
}

export function createPlatformService(deps: PlatformDeps) {
  const repo = createPlatformRepository(deps.db);

  const storedConfig = cachedUntilChanged(deps.changes, [PLATFORM_TABLES.settings], async () => {
    const raw = await repo.getSetting(WEB_CONFIG_KEY);
    if (raw === undefined) throw serviceUnavailable('The site is not configured yet.', 'not_configured');
    const parsed = StoredWebConfig.safeParse(raw);
    if (!parsed.success)
      throw new Error(`The stored web configuration does not match the WebConfig contract: ${parsed.error.message}`);
    return parsed.data;
  });
  const readStored = () => storedConfig.get();
  const segmentRows = cachedUntilChanged(deps.changes, [PLATFORM_TABLES.segments], () => repo.listSegments());

  const service = {
    async isConfigured(): Promise<boolean> {
      return (await repo.getSetting(WEB_CONFIG_KEY)) !== undefined;
    },

    async getWebConfig(): Promise<WebConfig> {
      return { ...(await readStored()), baseUrl: deps.config.publicUrl };
    },

    /** Replace the stored configuration; rejects anything the contract rejects. */
    async saveWebConfig(next: StoredWebConfig): Promise<void> {
      await repo.putSetting(WEB_CONFIG_KEY, StoredWebConfig.parse(next), deps.clock.now());
      storedConfig.invalidate();
    },

    async setMaintenanceMode(on: boolean): Promise<void> {
      await readStored();
      await repo.setSettingField(WEB_CONFIG_KEY, 'maintenanceMode', on, deps.clock.now());
      storedConfig.invalidate();
    },

    /** The native-app store links (features §2 Footer app download, core §2 /app/android); null takes one down. */
    async setAppStoreLinks(links: Partial<WebConfig['appStoreLinks']>): Promise<WebConfig['appStoreLinks']> {
      const current = await readStored();
      const next = { ...current.appStoreLinks, ...links };
      await repo.setSettingField(
        WEB_CONFIG_KEY,
        'appStoreLinks',
        WebConfig.shape.appStoreLinks.parse(next),
        deps.clock.now(),
      );
      storedConfig.invalidate();
      return next;
    },

    async listSegments(): Promise<Segment[]> {
      return (await segmentRows.get()).map(toSegment);
    },

    async getDefaultSegmentName(): Promise<string | undefined> {
      return (await segmentRows.get()).find((s) => s.isDefault)?.segmentName;
    },

    async getSegmentCapabilities(name: string): Promise<Capability[]> {
      const row = await repo.findSegment(name);
      if (!row) throw notFound(`There is no segment named "${name}".`, 'segment_not_found');
      return toSegment(row).capabilities;
    },

    async setDefaultSegment(name: string): Promise<void> {
      const found = await repo.setDefaultSegment(name, deps.clock.now());
      segmentRows.invalidate();
      if (!found) throw notFound(`There is no segment named "${name}".`, 'segment_not_found');
    },

    /**
     * The request's segment: the customer's when it exists, else DEFAULT_SEGMENT from configuration, else the stored
     * default. A name that matches no segment falls through to the next candidate.
     */
    async capabilitiesFor(customerSegment: string | undefined): Promise<CapabilitiesResult> {
      const rows = await segmentRows.get();
      const segments = rows.map(toSegment);
      const byName = new Map(segments.map((s) => [s.segmentName, s]));
      const candidates = [customerSegment, deps.config.defaultSegment, rows.find((r) => r.isDefault)?.segmentName];
      const chosen = candidates.map((n) => (n ? byName.get(n) : undefined)).find(Boolean);
      if (!chosen) throw serviceUnavailable('No segment is configured.', 'not_configured');
      return CapabilitiesResult.parse({ segments, segmentName: chosen.segmentName, capabilities: chosen.capabilities });
    },

    /** Seed support: insert what is missing, never overwrite what an operator changed. */
    async ensureDefaults(input: {
      webConfig: StoredWebConfig;
      segments: Segment[];
      defaultSegment: string;
    }): Promise<{ inserted: number }> {
      let inserted = 0;
      if (await repo.insertSettingIfMissing(WEB_CONFIG_KEY, StoredWebConfig.parse(input.webConfig))) inserted++;
      for (const s of input.segments) {
        const seg = Segment.parse(s);
        if (
          await repo.insertSegmentIfMissing({
            segmentName: seg.segmentName,
            capabilities: seg.capabilities,
            isDefault: false,
          })
        )
          inserted++;
      }
      storedConfig.invalidate();
      segmentRows.invalidate();
      if (!(await service.getDefaultSegmentName())) await service.setDefaultSegment(input.defaultSegment);
      return { inserted };
    },
  };
  return service;
}
export type PlatformService = ReturnType<typeof createPlatformService>;
