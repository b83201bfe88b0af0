import { z } from "zod";
import { MSG } from "../messages.js";
import { optionalLine } from "./fields.js";

export const ADMIN_PAGE_SIZE = 25;

const page = z.coerce
  .number({ error: MSG.adminPageInvalid })
  .int(MSG.adminPageInvalid)
  .min(1, MSG.adminPageInvalid)
  .max(100_000, MSG.adminPageInvalid)
  .default(1);
const search = optionalLine(80, MSG.textTooLong("Search", 80));

/** How long a payment has waited, as the console filters it. */
export const PAYMENT_AGE_FILTERS = [
  { value: "all", label: "Any age" },
  { value: "under1h", label: "Under 1 hour" },
  { value: "1to12h", label: "1 to 12 hours" },
  { value: "over12h", label: "Over 12 hours" },
] as const;
export type PaymentAgeFilter = (typeof PAYMENT_AGE_FILTERS)[number]["value"];
const AGE_VALUES = PAYMENT_AGE_FILTERS.map((filter) => filter.value) as [PaymentAgeFilter, ...PaymentAgeFilter[]];

/** `GET /admin/payments?age=&q=`: `q` matches the payment reference ("VA-" optional, or a part of it), the client's transfer reference, or a party's name or username. */
export const adminPaymentsQuerySchema = z.object({
  age: z.enum(AGE_VALUES, { error: MSG.adminAgeInvalid }).default("all"),
  q: search,
});

/** `PUT /admin/payments/{bookingId}`: received (PAID) or not received (REJECTED, which cancels the booking). */
export const paymentDecisionSchema = z.object({
  status: z.enum(["PAID", "REJECTED"], { error: MSG.paymentDecisionInvalid }),
});
export type PaymentDecision = z.infer<typeof paymentDecisionSchema>["status"];

/** `GET /admin/users?q=&page=`, `GET /admin/reviews?page=`, `GET /admin/audit?page=`. */
export const adminListQuerySchema = z.object({ q: search, page });

/** `PUT /admin/users/{id}/suspension`. */
export const suspensionSchema = z.object({ suspended: z.boolean({ error: "Please say whether the account is suspended" }) });

/** `PUT /admin/reviews/{id}/visibility`. */
export const reviewVisibilitySchema = z.object({ hidden: z.boolean({ error: "Please say whether the review is hidden" }) });
