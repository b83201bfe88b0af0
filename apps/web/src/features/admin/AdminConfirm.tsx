import type { ReactNode } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useHeadingFocusAfterClose } from "./AdminPageHeader";

interface AdminConfirmProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** "danger" for what cannot be undone from here (cancelling a booking, suspending); "primary" otherwise. */
  tone?: "primary" | "danger";
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The console's yes/no question: ConfirmDialog, "primary" unless told otherwise, and focus that
 * lands on the page's heading when the action removed the button that opened it.
 */
export function AdminConfirm({
  open,
  title,
  children,
  confirmLabel,
  tone = "primary",
  busy = false,
  error = null,
  onConfirm,
  onCancel,
}: AdminConfirmProps) {
  useHeadingFocusAfterClose(open);

  return (
    <ConfirmDialog
      open={open}
      title={title}
      confirmLabel={confirmLabel}
      busyLabel="Saving..."
      tone={tone}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div className="space-y-2">{children}</div>
    </ConfirmDialog>
  );
}
