/**
 * An execution's deadline, read through Effect's `Clock` from the caller's context.
 *
 * Time limits are behaviour, so a test must be able to drive them: with `TestClock` provided,
 * `TestClock.adjust` moves an execution past its deadline without waiting. With any clock but the
 * default one the deadline is that clock's `sleep`, run as a fiber in the caller's context.
 *
 * With the default clock (nearly every execution) a fiber, or even a Node timer, per execution
 * would cost more than running a small program. Deadlines share timers instead: the executions
 * of a runtime mostly have one time limit, so deadlines of one length come due in the order they
 * were armed, and each length keeps them in a queue (`DeadlineQueue`) under one timer, set for
 * the earliest one still armed. Arming appends; disarming blanks the entry. When none is left
 * armed the timer is unreferenced rather than cleared, so an idle host's process may exit, and a
 * host that runs one execution at a time does not set and clear a Node timer for each (a third
 * of what its deadline cost); an execution armed before it rings takes it over (it rings early,
 * and is set again for the entry due first), and one that rings with nothing armed retires its
 * queue.
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
    let queue = queues.get(ms)
    if (queue === undefined) queues.set(ms, (queue = new DeadlineQueue(ms)))
    return queue.arm(expire)
  }
  const fiber = Effect.runFork(Effect.andThen(clock.sleep(Duration.millis(ms)), Effect.sync(expire)))
  return () => void Effect.runFork(Fiber.interrupt(fiber))
}

/** The default clock's deadline queues, by length in milliseconds (a queue leaves once empty). */
const queues = new Map<number, DeadlineQueue>()

/** Deadlines of one length, due in the order they were armed, under one Node timer. */
class DeadlineQueue {
  /** When each entry is due (`performance.now()`), and what it calls; undefined once disarmed or fired. */
  private due: number[] = []
  private expire: Array<(() => void) | undefined> = []
  /** Entries before `head` are done; `base` counts the entries dropped from the front. */
  private head = 0
  private base = 0
  private armed = 0
  private timer: ReturnType<typeof setTimeout> | undefined = undefined

  constructor(private readonly ms: number) {}

  arm(expire: () => void): Disarm {
    const at = this.base + this.due.length
    this.due.push(performance.now() + this.ms)
    this.expire.push(expire)
    if (++this.armed === 1) {
      if (this.timer === undefined) this.timer = setTimeout(this.fire, this.ms)
      else this.timer.ref()
    }
    return () => {
      const i = at - this.base
      if (i < this.head || this.expire[i] === undefined) return
      this.expire[i] = undefined
      if (--this.armed === 0) this.idle()
    }
  }

  /** The timer rang: every entry due by now expires, in order; the timer is set for the next. */
  private readonly fire = (): void => {
    this.timer = undefined
    const now = performance.now()
    // Node's timers count whole milliseconds from a loop time that may lag: a deadline within one
    // of now is due, as a timer of its own would have rung for it.
    while (this.head < this.due.length && this.due[this.head]! <= now + 1) {
      const expire = this.expire[this.head]
      this.expire[this.head++] = undefined
      if (expire === undefined) continue
      this.armed--
      expire()
    }
    if (this.armed === 0) {
      this.idle()
      // Nothing armed when it rang: the queue retires (an expiring deadline may have armed the
      // next one of its length, which set a timer of its own).
      if (this.timer === undefined && queues.get(this.ms) === this) queues.delete(this.ms)
      return
    }
    while (this.expire[this.head] === undefined) this.head++
    if (this.head > 1024 && this.head * 2 > this.due.length) {
      this.due = this.due.slice(this.head)
      this.expire = this.expire.slice(this.head)
      this.base += this.head
      this.head = 0
    }
    this.timer ??= setTimeout(this.fire, Math.max(1, this.due[this.head]! - now))
  }

  /** None is armed: the entries are dropped (a disarm of one finds it before `head`) and the timer no longer holds the process. */
  private idle(): void {
    this.base += this.due.length
    this.due.length = 0
    this.expire.length = 0
    this.head = 0
    this.timer?.unref()
  }
}
