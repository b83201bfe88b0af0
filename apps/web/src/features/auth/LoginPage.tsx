import { zodResolver } from "@hookform/resolvers/zod";
import { MSG, deviceTimeZone, loginSchema, type LoginInput } from "@vam/shared";
import { useForm } from "react-hook-form";
import { Link, Navigate, useLocation, useSearchParams } from "react-router";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { TextField } from "../../components/form/TextField";
import { AuthCard } from "./AuthCard";
import { useAuth } from "./auth-context";
import { landingAfterLogin } from "./landing";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { FormStatus } from "../../components/form/FormStatus";
import { noticeOf } from "./notice";
import { pageHref, FORGOT_PASSWORD_PAGE, LOGIN_PAGE, REGISTER_PAGE } from "../../lib/page-routes";

export default function LoginPage() {
  useDocumentTitle("Log in");
  const { user } = useAuth();
  // What the page that led here has to say (the account was created, a new password was set).
  const notice = noticeOf(useLocation().state);
  // Where signing in leads: the page that sent here (`?next=`), else the console or the list.
  const [searchParams] = useSearchParams();
  // The route's action signs in; the root loader then reads the session, and the page moves on.
  // Sent to "/login" itself, not the address with its `?next=`: the root loader re-reads the session after that action only.
  const login = useActionFetcher(pageHref(LOGIN_PAGE, {}));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: "", password: "" } });

  // The browser's zone: kept for an account that has none yet (decisions.md, "Time zones").
  const onSubmit = (credentials: LoginInput) => login.submit({ ...credentials, timeZone: deviceTimeZone() });

  if (user) return <Navigate to={landingAfterLogin(user, searchParams)} replace />;
  return (
    <AuthCard title="Log in" subtitle="Welcome back. Sign in to book assistants, chat and see your bookings.">
      <FormStatus message={login.error ? null : notice} className="mb-5" />
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
        <FormAlert message={isSubmitting ? null : login.error} />
        <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register("username")} />
        <div className="space-y-2">
          <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register("password")} />
          <p className="text-right text-sm">
            <Link to={pageHref(FORGOT_PASSWORD_PAGE, {})} className="link">
              {MSG.forgotPasswordTitle}
            </Link>
          </p>
        </div>
        <SubmitButton busy={isSubmitting} className="w-full">
          Log in
        </SubmitButton>
        <p className="text-center text-sm text-slate-400">
          <Link to={pageHref(REGISTER_PAGE, {})} className="link">
            Don&apos;t have an account? Sign up
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
