-- @options: {"max_output_tokens": 2000}
-- Which gold customers have shipments running late, and how much is at stake?
local found = search({ query = "track shipment" })
local report = { checked = 0, late = json.array(), searchedFor = found.results[1].path }

for _, customer in ipairs(tools.customers.list({})) do
  if customer.tier == "gold" then
    for _, order in ipairs(tools.orders.list({ customerId = customer.id })) do
      report.checked = report.checked + 1
      if order.shipmentId ~= json.null then
        local shipment = tools.orders.shipments.track({ shipmentId = order.shipmentId })
        if shipment.status == "delayed" then
          text(("%s: order %s is late with %s"):format(customer.name, order.id, shipment.carrier))
          table.insert(report.late, {
            customer = customer.name,
            order = order.id,
            carrier = shipment.carrier,
            etaDays = shipment.etaDays,
            total = string.format("$%.2f", order.totalCents / 100),
          })
        end
      end
    end
  end
end

print(("checked %d orders of gold customers, %d late"):format(report.checked, #report.late))
return report
