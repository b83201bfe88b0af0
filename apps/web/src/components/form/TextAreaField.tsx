import type { ComponentProps, ReactNode } from "react";
import { FieldShell, describedBy } from "./FieldShell";
import { useFieldIds } from "./useFieldIds";

interface TextAreaFieldProps extends Omit<ComponentProps<"textarea">, "id"> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, className = "", ...textareaProps }: TextAreaFieldProps) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint}>
      <textarea id={ids.inputId} className={`input min-h-28 ${className}`} {...describedBy(ids, error, hint)} {...textareaProps} />
    </FieldShell>
  );
}
