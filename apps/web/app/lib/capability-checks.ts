// Capability checks (spec core §1, §2): a check asks for one flag, all flags of a list, or (FAQ) an absent flag.
// Apart from the route gates (capabilities.ts) because the layout checks flags on every page: the first page loads
// these few lines, not the table of every screen's gate (docs/storefront.md "Performance").
import type { Capability } from '@shop/contracts';

export type CapabilitySet = ReadonlySet<Capability> | readonly Capability[];

/** A route's gate: any one of anyOf, every one of allOf, none of absent. An empty gate lets everyone in. */
export interface Gate {
  anyOf?: readonly Capability[];
  allOf?: readonly Capability[];
  absent?: readonly Capability[];
}

function asSet(caps: CapabilitySet): ReadonlySet<Capability> {
  return caps instanceof Set ? caps : new Set(caps as readonly Capability[]);
}

export function hasCapability(caps: CapabilitySet, flag: Capability): boolean {
  return asSet(caps).has(flag);
}

export function hasAllCapabilities(caps: CapabilitySet, flags: readonly Capability[]): boolean {
  const set = asSet(caps);
  return flags.every((f) => set.has(f));
}

export function gateAllows(gate: Gate | undefined, caps: CapabilitySet): boolean {
  if (!gate) return true;
  const set = asSet(caps);
  if (gate.anyOf?.length && !gate.anyOf.some((f) => set.has(f))) return false;
  if (gate.allOf?.length && !gate.allOf.every((f) => set.has(f))) return false;
  if (gate.absent?.length && gate.absent.some((f) => set.has(f))) return false;
  return true;
}
