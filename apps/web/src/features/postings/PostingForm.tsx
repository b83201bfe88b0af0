import { zodResolver } from "@hookform/resolvers/zod";
import { postingSchema, type Posting, type PostingData, type PostingInput } from "@vam/shared";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { ApiError } from "../../api/errors";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { TextField } from "../../components/form/TextField";
import { updateErrorMessage } from "../profile/update-error";
import { ImagesField } from "./ImagesField";
import { RichTextEditor } from "./RichTextEditor";
import { createPosting, updatePosting } from "./postings-api";

interface PostingFormProps {
  /** Absent when creating a new posting. */
  postingId?: string;
  defaultValues: PostingInput;
  onSaved: (posting: Posting) => void;
  onCancel: () => void;
}

export function PostingForm({ postingId, defaultValues, onSaved, onCancel }: PostingFormProps) {
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PostingInput, unknown, PostingData>({ resolver: zodResolver(postingSchema), defaultValues });

  const onSubmit = async (data: PostingData) => {
    setServerError(null);
    try {
      onSaved(postingId ? await updatePosting(postingId, data) : await createPosting(data));
    } catch (error) {
      if (error instanceof ApiError && error.serverMessage && error.field && error.field in defaultValues) {
        setError(error.field as keyof PostingInput, { message: error.serverMessage }, { shouldFocus: true });
      } else {
        setServerError(updateErrorMessage(error));
      }
    }
  };

  const setImages = (images: string[]) => setValue("images", images, { shouldDirty: true, shouldValidate: true });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
      <FormAlert message={serverError} />
      <TextField label="Title" maxLength={120} error={errors.title?.message} {...register("title")} />
      <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
        <TextField label="Address" maxLength={160} error={errors.address?.message} {...register("address")} />
        <TextField label="Rate (₱ per hour)" type="number" inputMode="numeric" min={1} step={1} error={errors.rate?.message} {...register("rate")} />
      </div>
      <Controller
        control={control}
        name="images"
        render={({ field, fieldState }) => (
          <ImagesField
            images={field.value}
            onAdd={(url) => setImages([...getValues("images"), url])}
            onRemove={(index) => setImages(getValues("images").filter((_, i) => i !== index))}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="description"
        render={({ field, fieldState }) => (
          <RichTextEditor
            label="Description"
            initialHtml={field.value ?? ""}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Hours" placeholder="e.g. 4 hours a day" maxLength={60} error={errors.hours?.message} {...register("hours")} />
        <TextField label="Days available" placeholder="e.g. Monday to Friday" maxLength={60} error={errors.days?.message} {...register("days")} />
        <TextField
          label="Work setup"
          placeholder="e.g. Remote, own laptop and fibre internet"
          maxLength={160}
          error={errors.bathroom?.message}
          {...register("bathroom")}
        />
        <TextField label="Graduated from" maxLength={120} error={errors.school?.message} {...register("school")} />
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-slate-800 pt-5 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton busy={isSubmitting}>Save posting</SubmitButton>
      </div>
    </form>
  );
}
