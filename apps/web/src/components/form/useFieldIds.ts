import { useId } from "react";
import type { FieldIds } from "./FieldShell";

export function useFieldIds(): FieldIds {
  const id = useId();
  return { inputId: `${id}-input`, errorId: `${id}-error`, hintId: `${id}-hint` };
}
