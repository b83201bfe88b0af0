import type { ReactNode } from "react";
import { Spinner } from "./Spinner";

/** A submit button that shows a spinner and blocks double submits while busy. */
export function SubmitButton({ busy, children, className = "" }: { busy: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} className={`btn-primary ${className}`}>
      {busy && <Spinner className="size-4 text-slate-950" />}
      {children}
    </button>
  );
}
