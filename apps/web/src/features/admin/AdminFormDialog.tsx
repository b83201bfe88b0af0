import { useId, type FormEvent, type ReactNode } from "react";
import { Modal } from "../../components/Modal";
import { Spinner } from "../../components/Spinner";
import { FormAlert } from "../../components/form/FormAlert";
import { useHeadingFocusAfterClose } from "./AdminPageHeader";

interface AdminFormDialogProps {
  open: boolean;
  title: string;
  /** What the action does, then the fields. */
  children: ReactNode;
  submitLabel: string;
  /** The button that closes the dialog and does nothing. */
  cancelLabel?: string;
  /** "danger" for what cannot be undone from here (cancelling a booking); "primary" otherwise. */
  tone?: "primary" | "danger";
  busy?: boolean;
  /** The server's refusal, announced at the top of the dialog. */
  error?: string | null;
  /** Called on submit (the button, or Enter in a field); checks its fields and sends them. */
  onSubmit: (form: HTMLFormElement) => void;
  onCancel: () => void;
}

/**
 * The console's question with fields (a reason, a transfer reference): a Modal (focus trapped,
 * Escape closes it) holding a form, the server's refusal shown in it, and, like AdminConfirm,
 * focus on the page's heading when the action removed the button that opened it.
 */
export function AdminFormDialog({
  open,
  title,
  children,
  submitLabel,
  cancelLabel = "Cancel",
  tone = "primary",
  busy = false,
  error = null,
  onSubmit,
  onCancel,
}: AdminFormDialogProps) {
  const formId = useId();
  useHeadingFocusAfterClose(open);

  const close = () => {
    if (!busy) onCancel();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit(event.currentTarget);
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
          <button type="submit" form={formId} className={tone === "danger" ? "btn-danger" : "btn-primary"} disabled={busy} aria-busy={busy}>
            {busy && <Spinner className={`size-4 ${tone === "danger" ? "text-white" : "text-slate-950"}`} />}
            {busy ? "Saving..." : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormAlert message={error} />
        {children}
      </form>
    </Modal>
  );
}
