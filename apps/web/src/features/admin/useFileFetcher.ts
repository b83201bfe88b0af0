import { useFetcher } from "react-router";
import type { ActionResult } from "../../lib/actions";

/**
 * A write that sends a file: like `lib/useActionFetcher.ts`, but the fields go to the route's
 * action as a multipart form (a file cannot travel in JSON). The action answers an `ActionResult`;
 * `busy`, `done`, `error`, `details` and `reset` mean what they mean there.
 */
export function useFileFetcher<T>() {
  const fetcher = useFetcher<ActionResult<T>>();
  const result = fetcher.data;
  return {
    submit: (fields: Record<string, string | Blob | undefined>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        if (value !== undefined) form.append(name, value);
      }
      return fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
    },
    busy: fetcher.state !== "idle",
    done: result?.ok ? result : null,
    error: result && !result.ok ? result.message : null,
    details: result && !result.ok ? (result.details ?? null) : null,
    result,
    reset: () => fetcher.reset(),
  };
}
