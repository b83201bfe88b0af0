import { zodResolver } from "@hookform/resolvers/zod";
import { changePasswordFormSchema } from "@vam/shared";
import KeyRound from "lucide-react/icons/key-round";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { CardSection } from "../../components/CardSection";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { NewPasswordFields } from "../../components/form/NewPasswordFields";
import { TextField } from "../../components/form/TextField";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import type { SettingsChange } from "./account-data";

type PasswordForm = z.input<typeof changePasswordFormSchema>;
const FIELDS = ["currentPassword", "newPassword"] as const;
const isField = (name: unknown): name is (typeof FIELDS)[number] => FIELDS.includes(name as (typeof FIELDS)[number]);
const EMPTY: PasswordForm = { currentPassword: "", newPassword: "", confirm: "" };

/**
 * "Change password": the current one, then the new one twice. The server ends every other session
 * (the devices below are read again); this one stays. Success is a toast; a refusal shows at its field.
 */
export function PasswordSection({ username }: { username: string }) {
  const save = useActionFetcher<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  useActionAnswer(save.result, (answer) => {
    if (answer.ok) reset(EMPTY);
    else if (isField(answer.field)) setError(answer.field, { message: answer.message }, { shouldFocus: true });
  });
  const refusal = save.result && !save.result.ok && !isField(save.result.field) ? save.result.message : null;

  const onSubmit = ({ currentPassword, newPassword }: PasswordForm) => {
    const change: SettingsChange = { intent: "password", input: { currentPassword, newPassword } };
    void save.submit(change, "put");
  };

  return (
    <CardSection
      title={
        <>
          <KeyRound aria-hidden="true" className="size-5 text-teal-400" />
          Password
        </>
      }
    >
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <FormAlert message={save.busy ? null : refusal} />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <NewPasswordFields
            password={register("newPassword")}
            confirm={register("confirm")}
            errors={{ password: errors.newPassword?.message, confirm: errors.confirm?.message }}
          />
        </div>
        <p className="text-sm text-slate-400">Your other devices are signed out when the password changes.</p>
        <SubmitButton busy={save.busy} className="w-full sm:w-auto">
          Change password
        </SubmitButton>
      </form>
    </CardSection>
  );
}
