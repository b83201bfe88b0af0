import { zodResolver } from "@hookform/resolvers/zod";
import { MSG, loginSchema, type LoginInput } from "@vam/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, Navigate, useNavigate } from "react-router";
import { ApiError } from "../../api/errors";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { TextField } from "../../components/form/TextField";
import { AuthCard } from "./AuthCard";
import { MalformedLoginError } from "./auth-api";
import { SIGNED_IN_HOME, useAuth } from "./auth-context";
import { useDocumentTitle } from "../../lib/useDocumentTitle";

function loginErrorMessage(error: unknown): string {
  if (error instanceof MalformedLoginError) return MSG.loginMalformed;
  if (error instanceof ApiError) {
    if (error.status === 400) return MSG.loginInvalid;
    if (error.serverMessage) return error.serverMessage;
  }
  return MSG.loginFailed;
}

export default function LoginPage() {
  useDocumentTitle("Log in");
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: "", password: "" } });

  const onSubmit = async (credentials: LoginInput) => {
    setServerError(null);
    try {
      await login(credentials);
      void navigate(SIGNED_IN_HOME, { replace: true });
    } catch (error) {
      setServerError(loginErrorMessage(error));
    }
  };

  if (user) return <Navigate to={SIGNED_IN_HOME} replace />;
  return (
    <AuthCard title="Log in" subtitle="Welcome back. Sign in to book assistants, chat and see your bookings.">
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
        <FormAlert message={serverError} />
        <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register("username")} />
        <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register("password")} />
        <SubmitButton busy={isSubmitting} className="w-full">
          Log in
        </SubmitButton>
        <p className="text-center text-sm text-slate-400">
          <Link to="/register" className="link">
            Don&apos;t have an account? Sign up
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
