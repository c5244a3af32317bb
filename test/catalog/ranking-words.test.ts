/**
 * Word knowledge the ranker needs beyond synonyms, each on a tiny catalog of its own so that one
 * rule is seen at a time: tools named by their HTTP method take their verb from their
 * description, a noun used as a verb asks to create one, a typo is measured against the word as
 * the catalog writes it, the stemmer's false friends are kept apart, a tool's own verb in the
 * group of the verb asked for meets it, a tool matching only a query's verb is marked down, a first-person query asks about the caller, a
 * query naming a namespace keeps to it, a verb-like noun after an article or in the plural is a thing, and
 * path placeholders and words only namespaces or parameters hold count for little. The catalogs mimic the
 * shapes of real OpenAPI and MCP tool lists (the public evaluation has the real ones).
 */

import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Catalog, Namespace, Tool } from "../../catalog/index.js"
import { analyzeQuery } from "../../catalog/query.js"
import { indexOf } from "../../catalog/search-index.js"
import { stem } from "../../catalog/stemming.js"

const tool = (description: string, parameters: ReadonlyArray<string> = []) =>
  Tool.make({
    description,
    input: { type: "object", properties: Object.fromEntries(parameters.map((name) => [name, { type: "string" }])) },
    execute: () => Effect.void,
  })

const first = (catalog: Catalog, query: string) => Catalog.rank(catalog, query)[0]?.path

describe("ranking words", () => {
  it("reads the verb of a tool named by its HTTP method from its description", () => {
    const catalog = Catalog.make({
      billing: Namespace.make({
        description: "Payments API",
        tools: {
          GetSubscriptions: tool("By default, returns a list of subscriptions that have not been canceled."),
          GetSubscriptionsSubscription: tool("Retrieves the subscription with the given ID."),
          PostSubscriptions: tool("Creates a new subscription on an existing customer."),
          PostSubscriptionsSubscription: tool("Updates an existing subscription."),
        },
      }),
    })
    expect(first(catalog, "list all subscriptions")).toBe("billing.GetSubscriptions")
    expect(first(catalog, "create a subscription")).toBe("billing.PostSubscriptions")
    expect(first(catalog, "update a subscription")).toBe("billing.PostSubscriptionsSubscription")
  })

  it("reads a noun used as a verb as a request to create one", () => {
    const concepts = analyzeQuery("refund a charge")
    expect(concepts[0]).toMatchObject({ stem: stem("refund"), action: true })
    expect(concepts.at(-1)).toMatchObject({ stem: stem("create"), implicit: true })
    expect(analyzeQuery("refund charges").some((concept) => concept.stem === stem("create"))).toBe(false)
    const catalog = Catalog.make({
      payments: Namespace.make({
        tools: {
          GetRefunds: tool("Returns a list of all refunds."),
          GetRefundsRefund: tool("Retrieves the details of an existing refund."),
          PostRefunds: tool("Create a refund."),
        },
      }),
    })
    expect(first(catalog, "refund a charge")).toBe("payments.PostRefunds")
  })

  it("reads a phrasal verb the same way: a particle may come between the verb and its object", () => {
    const concepts = analyzeQuery("queue up a track")
    expect(concepts[0]).toMatchObject({ stem: stem("queue"), action: true })
    expect(concepts.at(-1)).toMatchObject({ stem: stem("create"), implicit: true })
    const catalog = Catalog.make({
      player: Namespace.make({
        tools: {
          "get-queue": tool("Get the list of objects that make up the user's queue."),
          "add-to-queue": tool("Add an item to the end of the user's current playback queue."),
        },
      }),
    })
    expect(first(catalog, "queue up a track")).toBe("player.add-to-queue")
  })

  it("reads a first-person query as one about the caller", () => {
    const catalog = Catalog.make({
      music: Namespace.make({
        tools: {
          "get-an-artists-top-tracks": tool("Get an artist's top tracks by country.", ["id", "market"]),
          "get-users-top-artists": tool("Get the current user's top artists based on calculated affinity.", ["limit"]),
        },
      }),
    })
    expect(first(catalog, "my top artists")).toBe("music.get-users-top-artists")
  })

  it("measures a typo against the word as written when its stem is far off", () => {
    // "custmer" is one edit from "customer" but three from its stem.
    const catalog = Catalog.make({
      crm: Namespace.make({ tools: { get_customer: tool("Get a customer by id", ["customer_id"]), get_order: tool("Get an order by id") } }),
    })
    expect(first(catalog, "custmer")).toBe("crm.get_customer")
  })

  it("keeps words apart that the stemmer would fold together", () => {
    expect(stem("customer")).not.toBe(stem("custom"))
    expect(stem("customers")).toBe(stem("customer"))
    expect(stem("organization")).not.toBe(stem("organize"))
    expect(stem("news")).not.toBe(stem("new"))
    // "organization" is a thing, not a verb of the schedule group: a plural beside it asks for a list.
    expect(analyzeQuery("organization members").at(-1)).toMatchObject({ stem: "list", implicit: true })
    const catalog = Catalog.make({
      fields: Namespace.make({ tools: { listCustomFields: tool("List custom fields"), listCustomers: tool("List customers") } }),
    })
    expect(first(catalog, "customers")).toBe("fields.listCustomers")
    expect(first(catalog, "Kunden auflisten")).toBe("fields.listCustomers")
  })

  it("does not take an English word for an action through a foreign stem it happens to share", () => {
    // Spanish "pagar" (to pay) stems like "page".
    expect(analyzeQuery("wiki page").some((concept) => concept.action && !concept.implicit)).toBe(false)
  })

  it("takes the described verb of a tool named by its HTTP method as a word of its name", () => {
    const catalog = Catalog.make({
      billing: Namespace.make({ tools: { GetSubscriptions: tool("By default, returns a list of subscriptions that have not been canceled.") } }),
    })
    const index = indexOf(catalog)
    const list = index.positionOf.get("list")!
    expect(index.postingInName[index.start[list]]).toBe(1)
    // In place of the method: the name still counts two words, the verb and "subscriptions".
    expect(index.nameTermCount[0]).toBe(2)
  })

  it("meets the verb asked for with a tool whose own verb is in its group", () => {
    const catalog = Catalog.make({
      checkout: Namespace.make({
        tools: {
          GetCheckoutSessions: tool("Returns a list of Checkout Sessions."),
          PostCheckoutSessions: tool("Creates a Session object."),
          GetCheckoutSessionsSession: tool("Retrieves a Session object."),
        },
      }),
    })
    expect(first(catalog, "start a checkout session")).toBe("checkout.PostCheckoutSessions")
  })

  it("marks down a tool that matches only the verb of a query that names a thing", () => {
    const catalog = Catalog.make({
      browser: Namespace.make({ tools: { browser_close: tool("Close the page"), browser_navigate: tool("Navigate to a URL") } }),
      code: Namespace.make({ tools: { update_issue_state: tool("Update the state of an existing issue (open or closed), with an optional state reason"), get_issue: tool("Get an issue") } }),
    })
    expect(first(catalog, "close an issue as completed")).toBe("code.update_issue_state")
  })

  it("knows which words only a namespace description or a parameter name holds, weak evidence of what a tool does", () => {
    const catalog = Catalog.make({
      oncall: Namespace.make({ description: "Incident response: incidents, schedules", tools: { createEvent: tool("Create an event", ["routing_key"]) } }),
    })
    const index = indexOf(catalog)
    const inTool = (word: string) => index.postingInTool[index.start[index.positionOf.get(stem(word))!]]
    expect([inTool("event"), inTool("create"), inTool("schedules"), inTool("routing")]).toEqual([1, 1, 0, 0])
  })

  it("does not count a name's path placeholders among the words a query must cover", () => {
    const catalog = Catalog.make({
      billing: Namespace.make({
        tools: {
          DeleteSubscriptionsSubscriptionExposedId: tool("Cancels a customer's subscription immediately.", ["subscription_exposed_id", "invoice_now", "prorate"]),
          PostSubscriptionSchedulesScheduleCancel: tool("Cancels a subscription schedule and its associated subscription immediately.", ["schedule", "invoice_now", "prorate"]),
        },
      }),
    })
    expect(first(catalog, "cancel a subscription")).toBe("billing.DeleteSubscriptionsSubscriptionExposedId")
  })

  it("keeps to a namespace the query names", () => {
    const catalog = Catalog.make({
      gitlab: Namespace.make({ tools: { close_issue: tool("Close an issue") } }),
      todoist: Namespace.make({
        tools: {
          "complete-tasks": tool("Complete one or more tasks by their IDs."),
          "find-tasks": tool("Find tasks by text search."),
        },
      }),
    })
    expect(first(catalog, "close an issue")).toBe("gitlab.close_issue")
    expect(first(catalog, "close an issue in todoist")).toBe("todoist.complete-tasks")
  })

  it("reads a verb-like noun as a thing when plural or after an article, and 'called' as no word", () => {
    expect(analyzeQuery("my labels").find((concept) => concept.stem === stem("label"))).toMatchObject({ action: false })
    expect(analyzeQuery("create a label").find((concept) => concept.stem === stem("label"))).toMatchObject({ action: false })
    expect(analyzeQuery("label the issue")[0]).toMatchObject({ stem: stem("label"), action: true })
    expect(analyzeQuery("comments on a task").some((concept) => concept.stem === stem("create"))).toBe(false)
    const catalog = Catalog.make({
      phone: Namespace.make({ tools: { CreateCall: tool("Create a new outgoing call") } }),
      mail: Namespace.make({ tools: { create_label: tool("Create a new mail label") } }),
    })
    expect(first(catalog, "create a label called urgent")).toBe("mail.create_label")
  })
})
