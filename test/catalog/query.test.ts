import { describe, expect, it } from "vitest"
import { analyzeQuery } from "../../catalog/query.js"
import { compoundParts, isPlural, stem, translate } from "../../catalog/stemming.js"

const terms = (query: string) => analyzeQuery(query).map((concept) => ({ stem: concept.stem, terms: concept.terms.map((term) => term.term) }))
const stems = (query: string) => analyzeQuery(query).map((concept) => concept.stem)

describe("query analysis", () => {
  it("stems English words (Porter2) and drops stop words", () => {
    expect(stems("Creating the repositories")).toEqual([stem("create"), stem("repository")])
    expect(stem("created")).toBe(stem("creates"))
  })

  it("expands abbreviations, and folds phrases into the abbreviation and joined word", () => {
    expect(stems("merge PR")).toEqual([stem("merge"), "pull", stem("request")])
    const direct = analyzeQuery("open a direct message").find((concept) => concept.stem === stem("message"))
    expect(direct?.joins).toContain("dm")
    const call = analyzeQuery("who is on call").find((concept) => concept.stem === "call")
    expect(call?.joins).toContain("oncall")
  })

  it("translates French, Spanish and German words, accents written or not, inflected or not", () => {
    expect(translate("creer")).toContain(stem("create"))
    expect(translate("fichiers")).toContain(stem("file"))
    expect(translate("mensajes")).toContain(stem("message"))
    expect(translate("hochladen")).toContain(stem("upload"))
    const upload = terms("Datei hochladen")
    expect(upload.flatMap((concept) => concept.terms)).toEqual(expect.arrayContaining([stem("file"), stem("upload")]))
  })

  it("reads a listed word and an English word as themselves, not through a foreign stem they share", () => {
    // Spanish "incidencia" (an issue) shares a Spanish stem with "incidents" and "incidentes".
    expect(translate("incidents")).not.toContain(stem("issue"))
    expect(translate("incidentes")).toEqual([stem("incidents")])
  })

  it("reads a foreign word through its translations, not through English words it stems like", () => {
    const quality = (query: string, term: string) => analyzeQuery(query)[0]!.terms.find((t) => t.term === term)?.quality ?? 0
    // German "Termin" (an appointment) stems like "terminal" and "terminate": neither is meant.
    expect(quality("Termin", stem("appointment"))).toBe(1)
    expect(quality("Termin", "termin")).toBeLessThan(1)
    expect(quality("Termin", stem("stop"))).toBe(0)
    // "plan" is German for a schedule and English as written: it keeps its English sense.
    expect(quality("plan", "plan")).toBe(1)
    expect(quality("plan", stem("arrange"))).toBeGreaterThan(0)
  })

  it("splits German compounds into listed words", () => {
    expect(compoundParts("bereitschaftsplan")).toEqual(["bereitschaft", "plan"])
    expect(compoundParts("kalender")).toEqual([])
  })

  it("gives each word its synonyms, weaker than the word itself", () => {
    const [remove] = analyzeQuery("remove")
    expect(remove.terms[0]).toEqual({ term: stem("remove"), quality: 1 })
    const del = remove.terms.find((term) => term.term === stem("delete"))
    expect(del?.quality).toBeGreaterThan(0)
    expect(del?.quality).toBeLessThan(1)
  })

  it("remembers plurals and implies a list when no action is asked", () => {
    expect(isPlural("emojis")).toBe(true)
    expect(isPlural("analysis")).toBe(false)
    const concepts = analyzeQuery("box webhooks")
    expect(concepts.find((concept) => concept.stem === "webhook")?.plural).toBe(true)
    expect(concepts.at(-1)).toMatchObject({ stem: "list", implicit: true })
    expect(analyzeQuery("delete webhooks").some((concept) => concept.implicit)).toBe(false)
  })

  it("lets a reversing verb reach an un- word", () => {
    const concepts = analyzeQuery("remove my star").filter((concept) => !concept.implicit)
    expect(concepts.every((concept) => concept.joins.includes("unstar"))).toBe(true)
  })

  it("counts a verb that restates the one before it once", () => {
    const stems = (query: string) => analyzeQuery(query).filter((concept) => !concept.implicit).map((concept) => concept.stem)
    expect(stems("list all subscriptions")).toEqual(["list", stem("subscriptions")])
    expect(stems("create a new issue")).toEqual([stem("create"), stem("issue")])
    // A word that means more than the verb before it is its own concept.
    expect(stems("delete all reactions")).toContain("all")
  })

  it("reads a participle beside a plural as which things, not as a verb", () => {
    const concepts = analyzeQuery("liked songs")
    expect(concepts[0]).toMatchObject({ stem: "like", action: false })
    expect(concepts[0].terms.length).toBeGreaterThan(1)
    expect(concepts.at(-1)).toMatchObject({ stem: "list", implicit: true })
  })

  it("takes a listed foreign word's meaning, not the English verb its spelling stems like", () => {
    // German "Termin" is an appointment; "terminate" stems to the same `termin`.
    expect(analyzeQuery("Termin erstellen")[0]).toMatchObject({ written: "termin", action: false })
    // An English verb the tables also list as a foreign noun stays a verb (French "résumé").
    expect(analyzeQuery("resume playback")[0]).toMatchObject({ written: "resume", action: true })
  })

  it("reads a first-person query as one about the caller, without counting it for coverage", () => {
    expect(analyzeQuery("my top artists").at(-1)).toMatchObject({ stem: "me", implicit: true, action: false })
    expect(analyzeQuery("mes playlists").some((concept) => concept.stem === "me")).toBe(true)
    expect(analyzeQuery("top artists").some((concept) => concept.stem === "me")).toBe(false)
  })
})
