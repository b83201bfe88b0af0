import { zodResolver } from "@hookform/resolvers/zod";
import { resetPasswordFormSchema } from "@vam/shared";
import { useForm } from "react-hook-form";
import { Link, useLoaderData, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { NewPasswordFields } from "../../components/form/NewPasswordFields";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { AuthCard } from "./AuthCard";
import type { resetPasswordLoader } from "./auth-data";
import type { NoticeState } from "./notice";
import { pageHref, FORGOT_PASSWORD_PAGE, LOGIN_PAGE } from "../../lib/page-routes";

const TITLE = "Set a new password";

type NewPassword = z.input<typeof resetPasswordFormSchema>;

/**
 * /reset-password?token=...: the emailed link. Its loader checked the link; an unusable one says
 * why and offers a new one. Setting the password ends every session of the account (this
 * browser's too) and leads to /login, which says so.
 */
export default function ResetPasswordPage() {
  useDocumentTitle(TITLE);
  const check = useLoaderData<typeof resetPasswordLoader>();
  return (
    <AuthCard title={TITLE} subtitle="Choose the password you will sign in with from now on.">
      {check.ok ? (
        <NewPasswordForm />
      ) : (
        <div className="space-y-5">
          <FormAlert message={check.message} />
          <Link to={pageHref(FORGOT_PASSWORD_PAGE, {})} className="btn-primary w-full">
            Ask for a new link
          </Link>
        </div>
      )}
    </AuthCard>
  );
}

function NewPasswordForm() {
  const token = useSearchParams()[0].get("token") ?? "";
  const navigate = useNavigate();
  const save = useActionFetcher<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPassword>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: "", confirm: "" } });

  useActionAnswer(save.result, (answer) => {
    if (answer.ok) {
      const state: NoticeState = { notice: answer.data };
      void navigate(pageHref(LOGIN_PAGE, {}), { replace: true, state });
    } else if (answer.field === "password") {
      setError("password", { message: answer.message }, { shouldFocus: true });
    }
  });
  // A refused link (used or expired meanwhile) shows above the fields, with the way to a new one.
  const refusal = save.result && !save.result.ok && save.result.field !== "password" ? save.result.message : null;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(({ password }) => save.submit({ token, password }))(event)} className="space-y-5">
      {refusal && !save.busy && (
        <div className="space-y-2">
          <FormAlert message={refusal} />
          <Link to={pageHref(FORGOT_PASSWORD_PAGE, {})} className="link text-sm">
            Ask for a new link
          </Link>
        </div>
      )}
      <NewPasswordFields
        password={register("password")}
        confirm={register("confirm")}
        errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
      />
      <SubmitButton busy={save.busy} className="w-full">
        Set new password
      </SubmitButton>
    </form>
  );
}
