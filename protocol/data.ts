/**
 * The plain data that crosses between a program and its host: JSON values, always copied.
 *
 * Nothing else crosses. Each engine converts its own values to and from this type at the edge
 * (for Lua: `worker/data/lua.ts`), so the host never sees an engine value and a program never
 * sees a host object.
 */

export type DataValue = null | boolean | number | string | DataArray | DataObject
export interface DataArray extends ReadonlyArray<DataValue> {}
export interface DataObject {
  readonly [key: string]: DataValue
}
