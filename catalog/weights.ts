/**
 * Every number the ranker weighs with, in one place, as limits are: what a word in each field is
 * worth, how field length discounts it, how well each kind of match satisfies a concept, and how
 * coverage shapes the sum. They were set on the tuning half of the public evaluation
 * (`perf/search/`), never on its held-out half; `npm run search:eval` shows what a change does.
 *
 * The object is frozen for the library; the evaluation's sweep script works on a copy.
 */

export interface RankingWeights {
  /** BM25F field weights: name, namespace path, description, parameter names, namespace descriptions. */
  readonly fieldWeight: readonly [number, number, number, number, number]
  /** BM25F length normalisation (b) per field, same order. */
  readonly lengthNormalisation: readonly [number, number, number, number, number]
  /** BM25 saturation. */
  readonly k1: number
  /** Match qualities, relative to a concept's own stem (1). */
  readonly translated: number
  readonly synonym: number
  /**
   * A foreign word's own spelling, read as English: German "Termin" is not "terminal", but a
   * product name written the same in every language still matches.
   */
  readonly foreignSpelling: number
  readonly prefixOfTerm: number
  readonly termPrefix: number
  readonly oneTypo: number
  readonly twoTypos: number
  /** Exponent of the share of the query's concepts a tool satisfies. */
  readonly coverageExponent: number
  /** What covering the tool's whole name adds (times the share of the name covered). */
  readonly nameCoverageBonus: number
  /** Multiplier for a concept written as a plural that the tool's name writes the same way. */
  readonly pluralBonus: number
  /** Weight of a concept the query implies (a list, for a plural without a verb). */
  readonly implicitWeight: number
  /**
   * For a query that opens with a verb ("ban a spammer"): the multiplier for a tool named by
   * another verb (`get_guild_ban`), which the query did not ask to perform.
   */
  readonly otherVerb: number
  /** For a query that asks no action ("wiki page"): the multiplier for a tool that changes things. */
  readonly mutation: number
  /**
   * For a query naming a thing ("close an issue"): the multiplier for a tool that matches none of
   * its things, only its verbs (`browser_close`).
   */
  readonly noObject: number
  /**
   * How well the query's opening verb is met, for coverage, by a tool whose own verb is in that
   * verb's group ("start a checkout session" and `PostCheckoutSessions`, which creates one).
   */
  readonly ownVerbInGroup: number
  /**
   * What a concept met only in a tool's parameter names or its namespaces' descriptions counts
   * for coverage, against one met in its name, path or description: "schedules" in PagerDuty's
   * namespace description does not make each of its tools one that schedules.
   */
  readonly weakFieldCoverage: number
  /**
   * What a tool's name being about the thing the query is about adds (times the match's quality):
   * "tasks of a project" and `getTasksForProject` rather than `getProjectsForTask`.
   */
  readonly aboutHead: number
  /**
   * For a query naming a namespace ("mark a todoist task as done"): the multiplier for a tool
   * outside it.
   */
  readonly otherNamespace: number
  /**
   * The share of the tools holding a word that must lie in a namespace the word names, for the
   * word to name it ("todoist" does; "time", said of many tools, does not).
   */
  readonly namedNamespaceShare: number
}

export const WEIGHTS: RankingWeights = Object.freeze({
  fieldWeight: [2, 3, 1, 0.3, 0.3],
  lengthNormalisation: [0.9, 0, 0.8, 0.2, 0],
  k1: 1.2,
  translated: 1,
  synonym: 0.3,
  foreignSpelling: 0.3,
  prefixOfTerm: 0.7,
  termPrefix: 0.55,
  oneTypo: 0.5,
  twoTypos: 0.3,
  coverageExponent: 1.5,
  nameCoverageBonus: 1,
  pluralBonus: 3,
  implicitWeight: 1,
  otherVerb: 0.8,
  mutation: 0.85,
  noObject: 0.5,
  ownVerbInGroup: 0.7,
  weakFieldCoverage: 0.5,
  aboutHead: 0.1,
  otherNamespace: 0.3,
  namedNamespaceShare: 0.5,
} as const)

/** The weights in force: `WEIGHTS`, unless the evaluation's sweep has swapped in others. */
let current: RankingWeights = WEIGHTS
export const weights = (): RankingWeights => current
/** For `perf/search/sweep.ts` only: rank with other weights (indexes built afterwards use them). */
export const useWeights = (next: RankingWeights): void => {
  current = next
}
