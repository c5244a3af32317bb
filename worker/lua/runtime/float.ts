/**
 * The boxed integral float (`2.0`, `-0.0`): kept apart from the integer of the same value, which
 * is a raw JavaScript number (see the table in value.ts). In a module of its own so that value.ts
 * and table.ts can both use it without importing each other at run time.
 */

/** An integral float, boxed so it stays distinct from the integer of the same value. */
export class LuaFloat {
  constructor(readonly n: number) {}
}
