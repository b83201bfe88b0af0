import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { serverMessageOr } from "../../api/errors";

interface RunOptions {
  /** Toast shown when it worked. */
  success: string;
  /** Shown when it failed and the server gave no reason. */
  failure: string;
  /** Toast the failure too (for actions without a dialog to show it in). */
  toastFailure?: boolean;
  /** Called once it worked, before the data is loaded again (e.g. to close the dialog). */
  onSuccess?: () => void;
}

/**
 * Runs one operator action at a time: busy while it runs, the failure's text kept for the
 * dialog, a toast when it worked, then the page's data loaded again.
 */
export function useAdminAction() {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (task: () => Promise<unknown>, { success, failure, toastFailure = false, onSuccess }: RunOptions): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        await task();
      } catch (caught) {
        const message = serverMessageOr(caught, failure);
        setError(message);
        if (toastFailure) toast.error(message);
        setBusy(false);
        // Refused because someone else acted first (409): the page shows what is now true.
        void revalidate();
        return false;
      }
      toast.success(success);
      setBusy(false);
      onSuccess?.();
      await revalidate();
      return true;
    },
    [revalidate],
  );

  const reset = useCallback(() => setError(null), []);
  return { run, busy, error, reset };
}
