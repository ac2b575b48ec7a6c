/** Publishing resource sets into the bus tables the way a provider does: object by object. */
import type { KubeObject } from '../../src/apis/meta';
import type { Bus, ProviderResources } from '../../src/message/resources';
import { anyTable, TABLE_NAMES, TABLE_OF_KIND, tableKey } from '../../src/message/tables';
import { freezeValue } from '../../src/message/watchable';

/** Stores every object of resources and deletes table entries not in it; marks the provider synced. Returns the stores that changed something. */
export function publishResources(bus: Bus, resources: ProviderResources): number {
  let changed = 0;
  for (const table of TABLE_NAMES) {
    const map = anyTable(bus.tables, table);
    const keys = new Set<string>();
    for (const object of resources[table] as KubeObject[]) {
      const key = tableKey(object);
      keys.add(key);
      // Handed over frozen, as a provider that keeps no copy of its own does: stored without a copy.
      if (map.store(key, freezeValue(object))) changed += 1;
    }
    for (const key of map.keys()) if (!keys.has(key) && map.delete(key)) changed += 1;
  }
  bus.providerSynced.store('bench', true);
  return changed;
}

/** Stores one object in its table (what a provider does for one edited object). */
export function publishObject(bus: Bus, object: KubeObject): boolean {
  const table = TABLE_OF_KIND[object.kind as keyof typeof TABLE_OF_KIND];
  return anyTable(bus.tables, table).store(tableKey(object), object);
}
