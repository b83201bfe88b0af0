import type { ReactNode } from "react";
import { Modal } from "./Modal";
import { FormAlert } from "./form/FormAlert";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that keeps things as they are. */
  cancelLabel?: string;
  /** Shown on the confirm button while `busy`. */
  busyLabel?: string;
  /** "danger" (the default) for what cannot be undone from here; "primary" otherwise. */
  tone?: "primary" | "danger";
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question about an action; both buttons are disabled while it runs. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  busyLabel = confirmLabel,
  tone = "danger",
  busy = false,
  error = null,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const close = () => {
    if (!busy) onCancel();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      className="max-w-md"
      footer={
        <>
          <button type="button" className="btn-secondary" disabled={busy} onClick={close}>
            {cancelLabel}
          </button>
          <button type="button" className={tone === "danger" ? "btn-danger" : "btn-primary"} disabled={busy} aria-busy={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      <div className="space-y-3">
        <FormAlert message={error} />
        <div className="text-sm text-slate-300">{children}</div>
      </div>
    </Modal>
  );
}
