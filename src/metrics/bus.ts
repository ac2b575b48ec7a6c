/** How many changes each map of the bus carried so far (pier_bus_events_total). */
import type { Bus } from '../message/resources';
import { TABLE_NAMES } from '../message/tables';

export function busEventCounts(bus: Bus): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of TABLE_NAMES) out[`tables.${name}`] = bus.tables[name].mutationCount;
  const maps = {
    providerSynced: bus.providerSynced, providerErrors: bus.providerErrors, xdsIR: bus.xdsIR, infraIR: bus.infraIR,
    statuses: bus.statuses, xdsResources: bus.xdsResources, endpointBindings: bus.endpointBindings, xdsEndpoints: bus.xdsEndpoints,
  };
  for (const [name, map] of Object.entries(maps)) out[name] = map.mutationCount;
  return out;
}
