import { useCallback } from "react";
import { useFetcher } from "react-router";
import { useActionAnswer, type ActionResult } from "./actions";

type Method = "post" | "put" | "patch" | "delete";

/** What a write names besides its target: a shared `key`, and what follows each answer. */
export interface WriteOptions<T> {
  key?: string;
  /** Called once for each new answer, after it is shown (closing a dialog, the next step): `useActionAnswer`. */
  onAnswer?: (answer: ActionResult<T>) => void;
}

/**
 * The web's one way to write (docs/decisions/0004-data-loading-on-the-web.md): `submit` sends a
 * JSON body to a route action (the component's own route, `action`, or the `to` of that submit when
 * the target varies, e.g. a booking's), which answers an `ActionResult`. `busy` while it runs and the
 * loaders on screen run again; `result` is the last answer (`reset` forgets it, e.g. when a dialog
 * opens again); `onAnswer` hears each answer once. A `key` shares the write with every component
 * that names it (one that stays mounted keeps the write, and the redirect it answers, alive when the
 * form goes away).
 */
export function useActionFetcher<T = unknown>(action?: string, options: WriteOptions<T> = {}) {
  const fetcher = useFetcher<ActionResult<T>>(options.key ? { key: options.key } : undefined);
  const result = fetcher.data;
  const { onAnswer } = options;
  useActionAnswer(result, (answer) => onAnswer?.(answer));
  const send = fetcher.submit;
  // Stable while the target is (React Router's own `submit` is), so an effect or a callback may depend on it.
  const submit = useCallback(
    (body: Record<string, unknown>, method: Method = "post", to: string | undefined = action) =>
      send(JSON.parse(JSON.stringify(body)) as Record<string, never>, { method, encType: "application/json", ...(to && { action: to }) }),
    [send, action],
  );
  return {
    submit,
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
