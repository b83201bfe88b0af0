import { zodResolver } from "@hookform/resolvers/zod";
import { MSG, forgotPasswordSchema, type ForgotPasswordInput } from "@vam/shared";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { TextField } from "../../components/form/TextField";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AuthCard } from "./AuthCard";
import { FormStatus } from "../../components/form/FormStatus";
import { pageHref, LOGIN_PAGE } from "../../lib/page-routes";

/**
 * /forgot-password: asks for a link to set a new password. The answer is the same whether or not
 * an account uses the address (the server's words, in the status region); a refusal (too many
 * requests) shows above the field.
 */
export default function ForgotPasswordPage() {
  useDocumentTitle(MSG.forgotPasswordTitle);
  const send = useActionFetcher<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });
  useActionAnswer(send.result, (answer) => {
    if (!answer.ok && answer.field === "email") setError("email", { message: answer.message }, { shouldFocus: true });
  });
  const refusal = send.result && !send.result.ok && send.result.field !== "email" ? send.result.message : null;

  return (
    <AuthCard title={MSG.forgotPasswordTitle} subtitle="Type the email address of your account. We will send it a link to set a new password.">
      <FormStatus message={send.busy ? null : (send.done?.data ?? null)} className="mb-5" />
      <form noValidate onSubmit={(event) => void handleSubmit((input) => send.submit({ ...input }))(event)} className="space-y-5">
        <FormAlert message={send.busy ? null : refusal} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
        <SubmitButton busy={send.busy} className="w-full">
          Send reset link
        </SubmitButton>
        <p className="text-center text-sm text-slate-400">
          <Link to={pageHref(LOGIN_PAGE, {})} className="link">
            Back to log in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
