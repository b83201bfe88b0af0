import type { SuggestQuery } from "@vam/shared";
import { dataHref, PROFILE_SUGGEST_PATH } from "../../lib/data-routes";

/**
 * The address the search bar asks for suggestions at (a data route of `profiles`, whose loader
 * answers it). Built here, in the feature that asks, so that `search` needs nothing of `profiles`,
 * which shows the search bar; a module of its own, so that /home's first load does not carry more.
 */

/** Which field a suggestion completes: the Name field ("name") or the Where field ("place"). */
export type SuggestField = SuggestQuery["field"];

/** What to offer under the Name or the Where field for what is typed in it. */
export function profileSuggestHref(field: SuggestField, typed: string): string {
  return dataHref(PROFILE_SUGGEST_PATH, {}, { field, q: typed });
}
