import { useFetcher } from "react-router";
import type { ActionResult } from "./actions";

type Method = "post" | "put" | "patch" | "delete";

/**
 * A write (docs/decisions/0004-data-loading-on-the-web.md): `submit` sends a JSON body to a route
 * action (the component's own route, or `action`), which answers an `ActionResult`. `busy` while it
 * runs and the loaders on screen run again; `result` is the last answer (`reset` forgets it, e.g.
 * when a dialog opens again). A `key` shares the write with every component that names it (one that
 * stays mounted keeps the write, and the redirect it answers, alive when the form goes away).
 */
export function useActionFetcher<T = unknown>(action?: string, options: { key?: string } = {}) {
  const fetcher = useFetcher<ActionResult<T>>(options.key ? { key: options.key } : undefined);
  const result = fetcher.data;
  return {
    submit: (body: Record<string, unknown>, method: Method = "post") =>
      fetcher.submit(JSON.parse(JSON.stringify(body)) as Record<string, never>, { method, encType: "application/json", ...(action && { action }) }),
    /** The same write as a multipart form, for what cannot travel in JSON (a file); absent fields are left out. */
    submitForm: (fields: Record<string, string | Blob | undefined>, method: Method = "post") => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
      return fetcher.submit(form, { method, encType: "multipart/form-data", ...(action && { action }) });
    },
    busy: fetcher.state !== "idle",
    /** The last answer when it was a success. */
    done: result?.ok ? result : null,
    /** The refusal's text, from the last answer. */
    error: result && !result.ok ? result.message : null,
    /** What stood in the way, when the last answer was a refusal that listed it (taken dates, bookings). */
    details: result && !result.ok ? (result.details ?? null) : null,
    result,
    reset: () => fetcher.reset(),
  };
}
