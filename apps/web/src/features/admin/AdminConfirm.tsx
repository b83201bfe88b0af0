import { useEffect, useRef, type ReactNode } from "react";
import { Modal } from "../../components/Modal";
import { FormAlert } from "../../components/form/FormAlert";
import { focusPageHeading } from "./AdminPageHeader";

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
 * The console's yes/no question: ConfirmDialog's behaviour (focus kept inside, Escape closes,
 * both buttons disabled while the action runs) with a confirm button that is not always red.
 */
export function AdminConfirm({ open, title, children, confirmLabel, tone = "primary", busy = false, error = null, onConfirm, onCancel }: AdminConfirmProps) {
  const close = () => {
    if (!busy) onCancel();
  };

  // The dialog gives focus back to the button that opened it; when the action removed that
  // button (the row left the list, Suspend became Restore), focus goes to the page's heading.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const timer = window.setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) focusPageHeading();
    });
    return () => window.clearTimeout(timer);
  }, [open]);

  const confirmClass = tone === "danger" ? "btn bg-rose-600 text-white hover:bg-rose-500 disabled:hover:bg-rose-600" : "btn-primary";
  return (
    <Modal
      open={open}
      onClose={close}
      title={title}
      className="max-w-md"
      footer={
        <>
          <button type="button" className="btn-secondary" disabled={busy} onClick={close}>
            Cancel
          </button>
          <button type="button" className={confirmClass} disabled={busy} aria-busy={busy} onClick={onConfirm}>
            {busy ? "Saving..." : confirmLabel}
          </button>
        </>
      }
    >
      <div className="space-y-3">
        <FormAlert message={error} />
        <div className="space-y-2 text-sm text-slate-300">{children}</div>
      </div>
    </Modal>
  );
}
