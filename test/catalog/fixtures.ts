/** A small, realistic tools tree with look-alike names, shared by the catalog tests. */

import { Effect, Schema } from "effect"
import { Namespace, Tool, type ToolTree } from "../../catalog/index.js"

const tool = (description: string) =>
  Tool.make({ description, input: Schema.Struct({ id: Schema.String }), execute: () => Effect.void })

export const storeTools = {
  orders: Namespace.make({
    description: "Purchases, fulfilment, refunds and order history",
    tools: {
      lookup: tool("Look up an order by its ID"),
      list: tool("List the orders of a customer, newest first"),
      search: tool("Search orders by status, date range or total"),
      cancel: tool("Cancel an open order before it ships"),
      refund: tool("Refund all or part of a paid order"),
      "update-address": tool("Change the delivery address of an order that has not shipped"),
      history: tool("Status changes of one order over time"),
      "notes.add": tool("Attach an internal note to an order"),
      "notes.list": tool("Internal notes attached to an order"),
    },
  }),
  customers: Namespace.make({
    description: "People and companies who buy from us",
    tools: {
      lookup: tool("Look up a customer by ID or email"),
      search: tool("Search customers by name, email or phone"),
      create: tool("Create a customer record"),
      update: tool("Update a customer's contact details"),
      merge: tool("Merge two duplicate customer records into one"),
      addresses: { list: tool("Saved postal addresses of a customer"), add: tool("Save a new postal address for a customer") },
      loyalty: { balance: tool("Loyalty points balance of a customer") },
    },
  }),
  shipments: Namespace.make({
    description: "Parcels, carriers and delivery tracking",
    tools: {
      track: tool("Current location and delivery estimate of a parcel"),
      lookup: tool("Look up a shipment by its tracking number"),
      create: tool("Create a shipping label for an order"),
      cancel: tool("Cancel a shipping label that has not been picked up"),
      rates: tool("Quote carrier rates for a parcel"),
      "carriers.list": tool("Carriers we can ship with"),
    },
  }),
  inventory: {
    stock: { lookup: tool("Units in stock for a SKU, per warehouse"), adjust: tool("Adjust the stock count after a recount") },
    products: { search: tool("Search the product catalogue by name or SKU"), lookup: tool("Look up a product by SKU") },
  },
  context7: {
    "resolve-library-id": tool("Resolve a package name to a Context7 library ID"),
    "get-library-docs": tool("Fetch up-to-date documentation for a library"),
  },
} satisfies ToolTree
