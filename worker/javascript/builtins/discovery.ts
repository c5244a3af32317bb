/**
 * (being written) Installs the program's Discovery globals.
 */

import type { Realm } from "../runtime/realm.js"

export function installDiscovery(realm: Realm): void {
  void realm
}
