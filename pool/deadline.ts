/**
 * An execution's deadline, read through Effect's `Clock` from the caller's context.
 *
 * Time limits are behaviour, so a test must be able to drive them: with `TestClock` provided,
 * `TestClock.adjust` moves an execution past its deadline without waiting. With the default
 * clock the deadline is a plain timer (a fiber per execution would cost more than running a
 * small program); with any other clock it is that clock's `sleep`, run as a fiber in the caller's
 * context.
 */

import { Clock, Context, Duration, Effect, Fiber } from "effect"

/** Cancels an armed deadline. Idempotent. */
export type Disarm = () => void

const liveClock = Context.get(Context.empty(), Clock.Clock)

/** The caller's clock (the default one when the context holds none). */
export const clockOf = (context: Context.Context<never>): Clock.Clock => Context.get(context, Clock.Clock)

/** Calls `expire` once `ms` milliseconds have passed on `clock`; returns how to cancel. */
export const armDeadline = (clock: Clock.Clock, ms: number, expire: () => void): Disarm => {
  if (clock === liveClock) {
    const timer = setTimeout(expire, ms)
    return () => clearTimeout(timer)
  }
  const fiber = Effect.runFork(Effect.andThen(clock.sleep(Duration.millis(ms)), Effect.sync(expire)))
  return () => void Effect.runFork(Fiber.interrupt(fiber))
}
