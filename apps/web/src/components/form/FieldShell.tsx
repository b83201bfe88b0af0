import type { ReactNode } from "react";

export interface FieldIds {
  inputId: string;
  errorId: string;
  hintId: string;
}

interface FieldShellProps {
  ids: FieldIds;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and error message laid out the same way for every field. */
export function FieldShell({ ids, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={ids.inputId} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={ids.hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="text-xs font-medium text-rose-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-invalid and aria-describedby for a control, given its error and hint. */
export function describedBy(ids: FieldIds, error?: string, hint?: ReactNode) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? ids.errorId : hint ? ids.hintId : undefined,
  } as const;
}
