/**
 * The slice of fengari's C-style API that the Lua comparison uses (fengari ships no types).
 * Signatures follow fengari 0.1.5's `src/lua.js`, `src/lauxlib.js` and `src/lualib.js`: strings
 * going into the VM are "luastrings" (byte arrays made by `to_luastring`).
 */
declare module "fengari" {
  /** An opaque lua_State. */
  export interface FengariState {
    readonly __fengariState: unique symbol
  }

  interface FengariLua {
    readonly LUA_OK: number
    readonly LUA_TNUMBER: number
    readonly LUA_TSTRING: number
    lua_pcall(L: FengariState, nargs: number, nresults: number, errfunc: number): number
    lua_type(L: FengariState, index: number): number
    lua_isinteger(L: FengariState, index: number): boolean
    lua_tointeger(L: FengariState, index: number): number
    lua_tonumber(L: FengariState, index: number): number
    lua_tojsstring(L: FengariState, index: number): string
    lua_settop(L: FengariState, index: number): void
    lua_close(L: FengariState): void
  }

  interface FengariAuxLib {
    luaL_newstate(): FengariState
    luaL_loadstring(L: FengariState, source: Uint8Array): number
  }

  interface FengariLibs {
    luaL_openlibs(L: FengariState): void
  }

  interface Fengari {
    readonly lua: FengariLua
    readonly lauxlib: FengariAuxLib
    readonly lualib: FengariLibs
    to_luastring(text: string): Uint8Array
  }

  const fengari: Fengari
  export default fengari
}
