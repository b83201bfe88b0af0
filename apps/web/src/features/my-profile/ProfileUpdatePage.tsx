import { zodResolver } from "@hookform/resolvers/zod";
import { ASSISTANT_RATE, MSG, updateUserSchema, type SelfUser, type UpdateUserData, type UpdateUserInput } from "@vam/shared";
import { FormProvider, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { SubmitButton } from "../../components/SubmitButton";
import { UserAvatar } from "../../components/UserAvatar";
import { FormAlert } from "../../components/form/FormAlert";
import { TextAreaField } from "../../components/form/TextAreaField";
import { TextField } from "../../components/form/TextField";
import { UploadWidget } from "../../components/upload/UploadWidget";
import { useAuth } from "../auth/public";
import { WorkDetailsFields } from "../../components/form/WorkDetailsFields";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { pageHref, MY_PROFILE_PAGE } from "../../lib/page-routes";

function formValues(user: SelfUser): UpdateUserInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    location: user.location,
    experience: user.experience as UpdateUserInput["experience"],
    availability: user.availability as UpdateUserInput["availability"],
    skills: user.skills as UpdateUserInput["skills"],
    avatar: user.avatar,
    bio: user.bio ?? "",
  };
}

export default function ProfileUpdatePage() {
  useDocumentTitle("Update Profile");
  const { user, setUser } = useAuth();
  if (!user) return null;
  return <ProfileUpdateForm user={user} onSaved={setUser} />;
}

function ProfileUpdateForm({ user, onSaved }: { user: SelfUser; onSaved: (user: SelfUser) => void }) {
  const navigate = useNavigate();
  // The page's action (profileUpdateAction) saves it; once it worked, the session shows the saved user.
  const save = useActionFetcher<SelfUser>();
  useActionAnswer(save.result, (answer) => {
    if (!answer.ok) return;
    onSaved(answer.data);
    void navigate(pageHref(MY_PROFILE_PAGE, {}));
  });
  const form = useForm<UpdateUserInput, unknown, UpdateUserData>({
    resolver: zodResolver(updateUserSchema),
    defaultValues: formValues(user),
  });
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const avatar = watch("avatar");

  const onSubmit = (data: UpdateUserData) => {
    const input: UpdateUserInput = {
      ...data,
      role: user.role,
      salaryRate: user.role === "Assistant" ? ASSISTANT_RATE : undefined,
      avatar: data.avatar || undefined,
    };
    void save.submit({ userId: user.id, input }, "put");
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="card p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-white">Update Profile</h1>
        <p className="mt-1 mb-6 text-sm text-slate-400">Keep your details current so clients and assistants know who you are.</p>

        <FormProvider {...form}>
          <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
            <FormAlert message={save.error} />

            <div className="flex items-start gap-4">
              <UserAvatar src={avatar} alt="Current avatar" className="mt-1 size-16" />
              <div className="flex-1">
                <UploadWidget folder="avatars" label="Avatar" onUploaded={(url) => setValue("avatar", url, { shouldDirty: true })} />
              </div>
            </div>

            <div className="grid gap-5 sm:grid-cols-2">
              <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register("firstName")} />
              <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register("lastName")} />
              <TextField label="Username" autoComplete="username" error={errors.username?.message} {...register("username")} />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                hint={user.pendingEmail ? MSG.emailChangePending(user.pendingEmail) : undefined}
                error={errors.email?.message}
                {...register("email")}
              />
            </div>

            <TextField label="Role" value={user.role} disabled readOnly hint={MSG.roleReadOnly} />
            <WorkDetailsFields />

            <TextAreaField label="About" rows={5} error={errors.bio?.message} {...register("bio")} />

            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Link to={pageHref(MY_PROFILE_PAGE, {})} className="btn-secondary">
                Cancel
              </Link>
              <SubmitButton busy={save.busy}>Save Changes</SubmitButton>
            </div>
          </form>
        </FormProvider>
      </div>
    </div>
  );
}
