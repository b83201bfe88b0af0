import { PASSWORD_MAX, PASSWORD_MIN } from "@vam/shared";
import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "./TextField";

interface NewPasswordFieldsProps {
  /** The registered fields (react-hook-form) and their errors. */
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: string; confirm?: string };
}

/** "New password" (with the password rules as its hint) and "Confirm new password"; the form lays them out. */
export function NewPasswordFields({ password, confirm, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
        error={errors.password}
        {...password}
      />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirm} {...confirm} />
    </>
  );
}
