import { useEffect, useEffectEvent } from "react";
import type { Result } from "./result";

export { attempt } from "./result";
export type { ErrorDetails } from "./result";

/** What a route action answers (docs/decisions/0004-data-loading-on-the-web.md): what it made, or why it was refused. */
export type ActionResult<T = null> = Result<T>;

/**
 * Calls `onAnswer` once for each new answer of a write (a fetcher's `data`), after it is shown:
 * closing a dialog, moving to the next step. The write itself went through the route action.
 */
export function useActionAnswer<T>(answer: ActionResult<T> | undefined, onAnswer: (answer: ActionResult<T>) => void) {
  const handle = useEffectEvent(onAnswer);
  useEffect(() => {
    if (answer) handle(answer);
  }, [answer]);
}
