import type { ComponentProps, ReactNode } from "react";
import { FieldShell, describedBy } from "./FieldShell";
import { useFieldIds } from "./useFieldIds";

interface SelectFieldProps extends Omit<ComponentProps<"select">, "id" | "children"> {
  label: ReactNode;
  options: readonly string[];
  /** Text of the empty first option shown before a choice is made. */
  placeholder: string;
  error?: string;
}

export function SelectField({ label, options, placeholder, error, className = "", ...selectProps }: SelectFieldProps) {
  const ids = useFieldIds();
  return (
    <FieldShell ids={ids} label={label} error={error}>
      <select id={ids.inputId} className={`input ${className}`} {...describedBy(ids, error)} {...selectProps}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}
