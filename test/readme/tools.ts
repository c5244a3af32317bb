/**
 * The tools the README's Lua and JavaScript programs call, built to the shapes the README shows:
 * `tools.orders.lookup` answers an order with the `items` (`sku`, `due`) the JavaScript example
 * filters, `tools.crm.customer` a customer with a `name`, and `tools.orders.cancel` declares
 * `{ cancelled: boolean }` (the signature the Discovery section prints) but refuses, because the
 * order has shipped: the examples catch a failed call (`pcall`, `try`), and a refusal is what makes
 * that path run rather than sit unexercised. The descriptions are the README's own ("Cancel an open
 * order"), since its discovery programs print them back.
 *
 * `orders` holds exactly `lookup` then `cancel`, the listing `describe_namespace("orders")` shows.
 */

import { Effect, Schema } from "effect"
import { Tool } from "../../dist/index.js"

const ById = Schema.Struct({ id: Schema.String })

const Order = Schema.Struct({
  id: Schema.String,
  status: Schema.String,
  items: Schema.Array(Schema.Struct({ sku: Schema.String, due: Schema.String })),
})

/** The message `tools.orders.cancel` fails with, so a test can find it in a program's answer. */
export const cancelRefusal = (id: string) => `order ${id} has shipped and can no longer be cancelled`

export const readmeTools = {
  orders: {
    lookup: Tool.make({
      description: "Look up an order by ID",
      input: ById,
      output: Order,
      execute: ({ id }) =>
        Effect.succeed({
          id,
          status: "shipped",
          items: [
            { sku: "lamp-01", due: "2026-11-20" },
            { sku: "desk-04", due: "2026-12-15" },
          ],
        }),
    }),
    cancel: Tool.make({
      description: "Cancel an open order",
      input: ById,
      output: Schema.Struct({ cancelled: Schema.Boolean }),
      execute: ({ id }) => Effect.fail(new Error(cancelRefusal(id))),
    }),
  },
  crm: {
    customer: Tool.make({
      description: "Look up a customer by ID",
      input: ById,
      output: Schema.Struct({ id: Schema.String, name: Schema.String }),
      execute: ({ id }) => Effect.succeed({ id, name: "Ada Lovelace" }),
    }),
  },
}
