/**
 * The slice of js-interpreter's API that the JavaScript comparison uses (it ships no types).
 * Signatures follow js-interpreter 6.0.2's `lib/js-interpreter.js`: a program is parsed by the
 * constructor or `appendCode`, `run()` steps until it ends, `value` is the last completion value
 * (a primitive stays a primitive; objects are the interpreter's own).
 */
declare module "js-interpreter" {
  class Interpreter {
    constructor(code: string)
    appendCode(code: string): void
    run(): boolean
    readonly value: unknown
  }
  export default Interpreter
}
