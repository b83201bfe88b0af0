import { zodResolver } from "@hookform/resolvers/zod";
import {
  ASSISTANT_RATE,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLES,
  deviceTimeZone,
  registerSchema,
  type RegisterData,
  type RegisterInput,
} from "@vam/shared";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { SubmitButton } from "../../components/SubmitButton";
import { UserAvatar } from "../../components/UserAvatar";
import { FormAlert } from "../../components/form/FormAlert";
import { SelectField } from "../../components/form/SelectField";
import { TextField } from "../../components/form/TextField";
import { UploadWidget } from "../../components/upload/UploadWidget";
import { AuthCard } from "./AuthCard";
import { WorkDetailsFields } from "../../components/form/WorkDetailsFields";
import { TermsModal } from "./TermsModal";
import { SIGNED_IN_HOME, useAuth } from "./auth-context";
import type { NoticeState } from "./notice";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { pageHref, LOGIN_PAGE } from "../../lib/page-routes";

export default function RegisterPage() {
  useDocumentTitle("Create a Profile");
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  // The route's action creates the account; the page then leads to /login, which says so.
  const navigate = useNavigate();
  const create = useActionFetcher<string>();
  const [termsOpen, setTermsOpen] = useState(false);
  const form = useForm<RegisterInput, unknown, RegisterData>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      username: "",
      email: "",
      password: "",
      location: "",
      skills: [],
      referralCode: searchParams.get("referralCode")?.trim() ?? "",
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const avatar = watch("avatar");
  useActionAnswer(create.result, (answer) => {
    if (!answer.ok) {
      // The server's refusal of the password (one in the list of leaked passwords) shows at the field.
      if (answer.field === "password") setError("password", { message: answer.message }, { shouldFocus: true });
      return;
    }
    const state: NoticeState = { notice: answer.data };
    void navigate(pageHref(LOGIN_PAGE, {}), { state });
  });
  const passwordRefused = create.result?.ok === false && create.result.field === "password";

  // The browser's zone becomes the account's (decisions.md, "Time zones"); Settings changes it.
  const onSubmit = (data: RegisterData) =>
    create.submit({ ...data, salaryRate: data.role === "Assistant" ? ASSISTANT_RATE : undefined, timeZone: deviceTimeZone() });

  if (user) return <Navigate to={SIGNED_IN_HOME} replace />;
  return (
    <AuthCard wide title="Create a Profile" subtitle="Join the marketplace as a client, an assistant or a sharer.">
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
          <FormAlert message={isSubmitting || passwordRefused ? null : create.error} />

          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register("firstName")} />
            <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register("lastName")} />
            <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register("username")} />
            <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register("email")} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
              error={errors.password?.message}
              {...register("password")}
            />
            <SelectField label="Role" placeholder="Select a role" options={ROLES} error={errors.role?.message} {...register("role")} />
          </div>

          <WorkDetailsFields />

          <div className="flex items-start gap-4">
            <UserAvatar src={avatar} alt="Avatar preview" className="mt-1 size-14" />
            <div className="flex-1">
              <UploadWidget folder="avatars" label="Avatar (optional)" onUploaded={(url) => setValue("avatar", url)} />
            </div>
          </div>

          <TextField label="Referral code (optional)" autoComplete="off" error={errors.referralCode?.message} {...register("referralCode")} />

          <SubmitButton busy={isSubmitting} className="w-full">
            Create Profile
          </SubmitButton>

          <p className="text-center text-xs text-slate-400">
            By creating a profile you agree to our{" "}
            <button type="button" className="link" onClick={() => setTermsOpen(true)}>
              Terms of Service
            </button>
            .
          </p>
          <p className="text-center text-sm text-slate-400">
            <Link to={pageHref(LOGIN_PAGE, {})} className="link">
              Already have an account? Log in
            </Link>
          </p>
        </form>
      </FormProvider>
      <TermsModal open={termsOpen} onClose={() => setTermsOpen(false)} />
    </AuthCard>
  );
}
