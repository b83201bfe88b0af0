import { PAYMENT_AGE_FILTERS, type PaymentAgeFilter } from "@vam/shared";

/** The age filter of the payments page from its URL ("all" when missing or unknown). */
export function ageParam(params: URLSearchParams): PaymentAgeFilter {
  const value = params.get("age");
  return PAYMENT_AGE_FILTERS.find((filter) => filter.value === value)?.value ?? "all";
}

/** The search text of a console list from its URL (trimmed; undefined when empty). */
export function searchParam(params: URLSearchParams): string | undefined {
  const value = params.get("q")?.trim();
  return value ? value : undefined;
}

/** The page number of a console list from its URL (1 when missing or not a whole number from 1). */
export function pageParam(params: URLSearchParams): number {
  const value = Number(params.get("page"));
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

/**
 * The URL query after changing some of its values: empty or default values are dropped, and
 * changing anything but the page starts again at page 1.
 */
export function withParams(current: URLSearchParams, changes: Record<string, string | number | undefined>): URLSearchParams {
  const next = new URLSearchParams(current);
  if (!("page" in changes)) next.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    const text = value === undefined ? "" : String(value).trim();
    const isDefault = text === "" || (key === "page" && text === "1") || (key === "age" && text === "all");
    if (isDefault) next.delete(key);
    else next.set(key, text);
  }
  return next;
}
