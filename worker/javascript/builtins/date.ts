/**
 * (being written) Installs the program's Date globals.
 */

import type { Realm } from "../runtime/realm.js"

export function installDate(realm: Realm): void {
  void realm
}
