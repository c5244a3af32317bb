/**
 * Worker threads run without V8's allocation-site pretenuring; imported first by the entry.
 *
 * A run allocates its engine's state (a Lua state and its libraries, a JavaScript realm)
 * and drops all of it when it ends, thousands of times a second; nothing of a run outlives it.
 * V8's allocation-site pretenuring guesses otherwise: early in a worker's life (module loading,
 * the engines' shape anchors, the first compiles) the sites that make those objects see them
 * survive, and from then on V8 allocates them straight in the old generation. Every run's garbage
 * then waits for a full mark-compact, and the scavenges in between copy what little is young:
 * 22,000 `return 1` runs in a loop on one worker cost 35 mark-compacts and scavenges of 15-30 ms;
 * without pretenuring, 3 mark-compacts and scavenges of 0.5-0.7 ms, and a run took 31-62 us
 * instead of 143-173 us (the same machine, back to back, under load). So workers run without it. V8's flags are the
 * process's, not the thread's (Node refuses them in a worker's `execArgv`): this reaches the
 * host's heap too, which makes the same short-lived objects per execution.
 */

import { setFlagsFromString } from "node:v8"

setFlagsFromString("--no-allocation-site-pretenuring")
