/**
 * The search-quality collection: a 300-tool catalog built from the two fixture halves, and the
 * queries a model would plausibly type while looking for a tool, each with the canonical path of
 * the tool it should find first. Queries paraphrase; they are not copied from descriptions.
 */

import { Effect, Schema } from "effect"
import { Namespace, Tool, type ToolTree } from "../../../catalog/index.js"
import * as A from "./catalog-a.js"
import * as B from "./catalog-b.js"
import type { NamespaceFixture } from "./catalog-a.js"

const input = Schema.Struct({ id: Schema.optional(Schema.String) })

const namespace = (fixture: NamespaceFixture) =>
  Namespace.make({
    description: fixture.description,
    instructions: fixture.instructions,
    tools: Object.fromEntries(
      Object.entries(fixture.tools).map(([key, description]) => [key, Tool.make({ description, input, execute: () => Effect.void })]),
    ),
  })

export const qualityTools: ToolTree = {
  github: namespace(A.github),
  jira: namespace(A.jira),
  slack: namespace(A.slack),
  gdrive: namespace(A.gdrive),
  calendar: namespace(A.calendar),
  notion: namespace(A.notion),
  crm: namespace(B.crm),
  billing: namespace(B.billing),
  shipping: namespace(B.shipping),
  analytics: namespace(B.analytics),
  support: namespace(B.support),
  hr: namespace(B.hr),
  compta: namespace(B.compta),
  lager: namespace(B.lager),
  misc: namespace(B.misc),
}

/** [query, expected best path]. */
export const qualityQueries: ReadonlyArray<readonly [string, string]> = [
  // GitHub
  ["open a pull request", "github.create_pull_request"],
  ["merge PR", "github.merge_pull_request"],
  ["github issues in a repo", "github.list_issues"],
  ["comment on a github issue", "github.add_issue_comment"],
  ["read file from repository", "github.get_file_contents"],
  ["rerun failed CI workflow", "github.rerun_workflow"],
  ["approve pull request review", "github.create_pull_request_review"],
  ["create a new git branch", "github.create_branch"],
  ["commit history of a branch", "github.list_commits"],
  ["publish release", "github.create_release"],
  ["pull request diff", "github.get_pull_request_diff"],
  ["search code", "github.search_code"],
  // Jira
  ["jira JQL search", "jira.search-issues"],
  ["create jira ticket bug", "jira.create-issue"],
  ["move jira issue to done", "jira.transition-issue"],
  ["log work hours on jira issue", "jira.add-worklog"],
  ["active sprint of a board", "jira.list-sprints"],
  ["jira backlog", "jira.get-backlog"],
  ["stories in an epic", "jira.list-epic-issues"],
  ["assign jira issue to someone", "jira.assign-issue"],
  // Slack
  ["post a message to a slack channel", "slack.chat.postMessage"],
  ["start a group DM", "slack.conversations.open"],
  ["read slack channel history", "slack.conversations.history"],
  ["thread replies", "slack.conversations.replies"],
  ["find slack user by email", "slack.users.lookupByEmail"],
  ["add emoji reaction", "slack.reactions.add"],
  ["schedule slack message for later", "slack.chat.scheduleMessage"],
  ["create slack channel", "slack.conversations.create"],
  // Drive
  ["share a google drive file with someone", "gdrive.share_file"],
  ["read spreadsheet cells", "gdrive.read_spreadsheet_range"],
  ["append rows to google sheet", "gdrive.append_spreadsheet_rows"],
  ["download drive file as pdf", "gdrive.download_file"],
  ["list files in a drive folder", "gdrive.list_folder"],
  ["who has access to this document", "gdrive.list_permissions"],
  ["new google doc", "gdrive.create_document"],
  // Calendar
  ["schedule a meeting with attendees", "calendar.createEvent"],
  ["find a free time slot for everyone", "calendar.findFreeSlots"],
  ["accept calendar invitation", "calendar.respondToInvitation"],
  ["cancel meeting", "calendar.deleteEvent"],
  ["upcoming calendar events this week", "calendar.listEvents"],
  ["turn on out of office auto-reply", "calendar.setOutOfOffice"],
  ["add zoom video link to event", "calendar.addConferenceLink"],
  // Notion
  ["query notion database", "notion.databases.query"],
  ["create notion page", "notion.pages.create"],
  // CRM
  ["add a new contact", "crm.contacts.create"],
  ["move deal to next stage", "crm.deals.update-stage"],
  ["close deal as won", "crm.deals.mark-won"],
  ["log a phone call", "crm.activities.log-call"],
  ["send quote to customer", "crm.quotes.send"],
  ["import contacts from csv", "crm.import-contacts-csv"],
  ["merge duplicate contacts", "crm.contacts.merge"],
  ["sales pipeline stages", "crm.pipelines.list"],
  // Billing
  ["refund a payment", "billing.refundPayment"],
  ["cancel subscription", "billing.cancelSubscription"],
  ["unpaid invoices for a customer", "billing.listInvoices"],
  ["upgrade plan", "billing.changeSubscriptionPlan"],
  ["charge credit card", "billing.createPaymentIntent"],
  ["discount coupon", "billing.createCoupon"],
  ["chargeback disputes", "billing.listDisputes"],
  ["invoice pdf", "billing.downloadInvoicePdf"],
  ["account balance", "billing.getBalance"],
  ["void invoice", "billing.voidInvoice"],
  // Shipping
  ["track a package", "shipping.track_package"],
  ["print shipping label", "shipping.create_label"],
  ["compare carrier shipping rates", "shipping.get_rates"],
  ["return label", "shipping.create_return_label"],
  ["validate postal address", "shipping.validate_address"],
  ["customs forms", "shipping.customs_declaration"],
  // Analytics
  ["conversion funnel", "analytics.funnels.run"],
  ["weekly retention cohort", "analytics.retention.cohort"],
  ["MRR", "analytics.revenue.mrr"],
  ["A/B test results", "analytics.experiments.results"],
  ["most visited pages", "analytics.pageviews.top-pages"],
  ["run SQL query", "analytics.sql.run"],
  ["traffic sources referrers", "analytics.traffic.sources"],
  // Support
  ["reply to support ticket", "support.tickets.reply"],
  ["private internal note on ticket", "support.tickets.add-internal-note"],
  ["SLA breaches", "support.sla.breaches"],
  ["help center article search", "support.kb.search-articles"],
  ["customer satisfaction rating", "support.tickets.satisfaction"],
  // HR
  ["vacation days left", "hr.time-off.balance"],
  ["request sick leave", "hr.time-off.request"],
  ["who is out today", "hr.time-off.who-is-out"],
  ["schedule interview with candidate", "hr.recruiting.interviews.schedule"],
  ["org chart", "hr.org-chart"],
  ["payslip", "hr.payroll.payslips"],
  // French and German, with and without accents
  ["déclaration de TVA", "compta.declaration_tva"],
  ["rapprochement bancaire", "compta.rapprochement_bancaire"],
  ["cloture exercice comptable", "compta.cloture_exercice"],
  ["Bestand abfragen", "lager.bestand_abfragen"],
  ["Inventur", "lager.inventur_starten"],
  ["grossen ubersicht", "lager.größen_übersicht"],
  // Utilities
  ["weather forecast", "misc.weather.forecast"],
  ["convert currency", "misc.currency.convert"],
  ["geocode address to coordinates", "misc.maps.geocode"],
  ["translate text to spanish", "misc.translate.text"],
  ["send an sms", "misc.sms.send"],
  ["extract text from pdf", "misc.pdf.extract-text"],
  // Added afterwards without tuning, to keep the figures honest
  ["list my github notifications", "github.list_notifications"],
  ["who can access the repo", "github.list_collaborators"],
  ["download CI job logs", "github.get_job_logs"],
  ["link two jira tickets as duplicates", "jira.link-issues"],
  ["attach file to jira issue", "jira.add-attachment"],
  ["pin message in slack", "slack.pins.add"],
  ["upload a file to slack", "slack.files.upload"],
  ["rename drive folder", "gdrive.rename_file"],
  ["storage quota", "gdrive.get_storage_quota"],
  ["block focus time", "calendar.createFocusTime"],
  ["busy times of calendars", "calendar.queryFreeBusy"],
  ["add block content to notion page", "notion.blocks.children.append"],
  ["companies by domain", "crm.companies.search"],
  ["follow-up task for sales rep", "crm.tasks.create"],
  ["issue credit note", "billing.createCreditNote"],
  ["pause subscription billing", "billing.pauseSubscription"],
  ["next invoice preview", "billing.getUpcomingInvoice"],
  ["book carrier pickup", "shipping.schedule_pickup"],
  ["insurance for parcel", "shipping.insure_shipment"],
  ["start an A/B experiment", "analytics.experiments.create"],
  ["average session length", "analytics.sessions.average-duration"],
  ["notify me if signups drop below a threshold", "analytics.alerts.create"],
  ["apply macro to ticket", "support.tickets.apply-macro"],
  ["approve leave request", "hr.time-off.approve"],
  ["open job postings", "hr.recruiting.jobs.list"],
  ["lettrage compte fournisseur", "compta.lettrer_compte"],
  ["Wareneingang buchen", "lager.wareneingang_buchen"],
  ["exchange rate yesterday", "misc.currency.historical-rate"],
  ["what time is it in Tokyo", "misc.time.now"],
  ["driving directions", "misc.maps.directions"],
  // Identifier-shaped queries, as a model copies them
  ["createPullRequest", "github.create_pull_request"],
  ["list_invoices", "billing.listInvoices"],
  ["trackPackage", "shipping.track_package"],
  ["users.lookup_by_email", "slack.users.lookupByEmail"],
]
