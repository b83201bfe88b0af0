import type { ReactNode } from "react";
import { Spinner } from "./Spinner";

interface SubmitButtonProps {
  busy: boolean;
  /** Disabled for another reason than being busy (nothing to send yet...). */
  disabled?: boolean;
  /** The form's id, when the button sits outside it (a dialog's footer). */
  form?: string;
  children: ReactNode;
  className?: string;
}

/** A submit button that shows a spinner and blocks double submits while busy. */
export function SubmitButton({ busy, disabled = false, form, children, className = "" }: SubmitButtonProps) {
  return (
    <button type="submit" form={form} disabled={busy || disabled} aria-busy={busy} className={`btn-primary ${className}`}>
      {busy && <Spinner className="size-4 text-slate-950" />}
      {children}
    </button>
  );
}
