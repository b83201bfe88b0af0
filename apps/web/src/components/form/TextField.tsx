import type { ComponentProps, ReactNode } from "react";
import { FieldShell, describedBy } from "./FieldShell";
import { useFieldIds } from "./useFieldIds";

interface TextFieldProps extends Omit<ComponentProps<"input">, "id"> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
}

export function TextField({ label, error, hint, className = "", ...inputProps }: TextFieldProps) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} error={error} hint={hint}>
      <input id={ids.inputId} className={`input ${className}`} {...describedBy(ids, error, hint)} {...inputProps} />
    </FieldShell>
  );
}
