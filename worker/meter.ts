/**
 * The meter both engines run on: one fuel counter, checked in one place.
 *
 * `fuel` counts down from `FUEL_CHECK_INTERVAL`. Compiled code spends a unit at every loop
 * back-edge and call (`if (--st.fuel <= 0) st.refuel()`), builtins spend what their work costs
 * (`charge(n)`). When the counter runs out, `refuel` — the slow path, out of line — adds the
 * interval to the total spent and stops the program if the total passes its work budget, if the
 * wall-clock deadline has passed, or if the host raised the interrupt flag; otherwise it refills
 * the counter. So the hot path costs one decrement and one branch, and a busy loop notices its
 * deadline within a few hundred microseconds. Each engine words its own stops (`workBudgetExceeded`,
 * `timedOut`, `interrupted`); what counts, and when, is decided here.
 */

import type { HostStop } from "./engine-host.js"
import { FUEL_CHECK_INTERVAL } from "../protocol/bounds.js"

export abstract class Meter {
  /** Fuel left before the next slow-path check. */
  fuel = FUEL_CHECK_INTERVAL
  /** Fuel spent in completed intervals. */
  private spent = 0
  /** Line of the code running now (the most recent call site or back-edge): what errors and timeouts report. */
  line = 0

  constructor(
    /** Total fuel for the execution (`bounds.maxFuel`). */
    private maxFuel: number,
    /** Wall-clock deadline (`performance.now()` scale, ms), or `Infinity`. */
    public deadline: number,
    /** When element 0 becomes non-zero the program stops at its next metering point. */
    public interrupt: Int32Array | undefined,
  ) {}

  /** Starts the meter over for a new execution (a state object reused by a cached program). */
  protected restartMeter(maxFuel: number, deadline: number, interrupt: Int32Array | undefined): void {
    this.fuel = FUEL_CHECK_INTERVAL
    this.spent = 0
    this.line = 0
    this.maxFuel = maxFuel
    this.deadline = deadline
    this.interrupt = interrupt
  }

  /** Spends `units` of fuel for work a builtin is about to do. */
  charge(units: number): void {
    this.fuel -= units
    if (this.fuel <= 0) this.refuel()
  }

  /** `refuel` from a loop's back-edge: the line is what a timeout reports. */
  refuelAt(line: number): void {
    this.line = line
    this.refuel()
  }

  /** The slow path of metering; see the essay above. */
  refuel(): void {
    this.spent += FUEL_CHECK_INTERVAL - this.fuel
    this.fuel = FUEL_CHECK_INTERVAL
    if (this.spent > this.maxFuel) throw this.workBudgetExceeded(this.maxFuel)
    if (performance.now() > this.deadline) throw this.timedOut()
    if (this.interrupt !== undefined && Atomics.load(this.interrupt, 0) !== 0) throw this.interrupted()
  }

  protected abstract workBudgetExceeded(maxFuel: number): HostStop
  protected abstract timedOut(): HostStop
  protected abstract interrupted(): HostStop
}
