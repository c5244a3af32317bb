/**
 * The demo's tool set: a small shop held in memory, with a few milliseconds of latency per call
 * so the program's waiting on tools is real. Two namespaces with descriptions, as a host would
 * register them.
 */

import { Effect, Schema } from "effect"
import { Namespace, Tool } from "../index.js"

const Order = Schema.Struct({
  id: Schema.String,
  customerId: Schema.String,
  status: Schema.Literals(["open", "shipped", "delivered", "cancelled"]),
  totalCents: Schema.Number,
  shipmentId: Schema.NullOr(Schema.String),
})

const Customer = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  tier: Schema.Literals(["standard", "gold"]),
})

const Shipment = Schema.Struct({
  id: Schema.String,
  carrier: Schema.String,
  status: Schema.Literals(["in_transit", "delayed", "delivered"]),
  etaDays: Schema.Number,
})

const customers = [
  { id: "c1", name: "Ada Lovelace", tier: "gold" },
  { id: "c2", name: "Grace Hopper", tier: "standard" },
  { id: "c3", name: "Edsger Dijkstra", tier: "gold" },
] as const

const orders = [
  { id: "o100", customerId: "c1", status: "shipped", totalCents: 12_900, shipmentId: "s1" },
  { id: "o101", customerId: "c1", status: "open", totalCents: 4_500, shipmentId: null },
  { id: "o102", customerId: "c2", status: "delivered", totalCents: 23_000, shipmentId: "s2" },
  { id: "o103", customerId: "c3", status: "shipped", totalCents: 8_750, shipmentId: "s3" },
  { id: "o104", customerId: "c3", status: "cancelled", totalCents: 1_200, shipmentId: null },
] as const

const shipments = [
  { id: "s1", carrier: "Parcelway", status: "delayed", etaDays: 4 },
  { id: "s2", carrier: "Northpost", status: "delivered", etaDays: 0 },
  { id: "s3", carrier: "Parcelway", status: "in_transit", etaDays: 2 },
] as const

/** Every call waits a little, as a real backend would. */
const latency = <A>(value: A) => Effect.as(Effect.sleep("3 millis"), value)

export const shopTools = {
  orders: Namespace.make({
    description: "Purchases: look up orders, list a customer's orders, and track their shipments",
    tools: {
      list: Tool.make({
        description: "List the orders of a customer, newest first",
        input: Schema.Struct({ customerId: Schema.String }),
        output: Schema.Array(Order),
        execute: ({ customerId }) => latency(orders.filter((o) => o.customerId === customerId)),
      }),
      lookup: Tool.make({
        description: "Look up one order by its id",
        input: Schema.Struct({ id: Schema.String }),
        output: Order,
        execute: ({ id }) => {
          const order = orders.find((o) => o.id === id)
          return order === undefined ? Effect.fail(new Error(`no order ${id}`)) : latency(order)
        },
      }),
      "shipments.track": Tool.make({
        description: "Track a shipment: carrier, status and days until delivery",
        input: Schema.Struct({ shipmentId: Schema.String }),
        output: Shipment,
        execute: ({ shipmentId }) => {
          const shipment = shipments.find((s) => s.id === shipmentId)
          return shipment === undefined ? Effect.fail(new Error(`no shipment ${shipmentId}`)) : latency(shipment)
        },
      }),
    },
  }),
  customers: Namespace.make({
    description: "Customer accounts and loyalty tiers",
    tools: {
      list: Tool.make({
        description: "List every customer account",
        input: Schema.Struct({}),
        output: Schema.Array(Customer),
        execute: () => latency(customers),
      }),
    },
  }),
}
