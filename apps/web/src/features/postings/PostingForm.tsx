import { zodResolver } from "@hookform/resolvers/zod";
import { postingSchema, type PostingData, type PostingInput } from "@vam/shared";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { TextField } from "../../components/form/TextField";
import { ImagesField } from "./ImagesField";
import { RichTextEditor } from "./RichTextEditor";
import type { Result } from "../../lib/result";

interface PostingFormProps {
  defaultValues: PostingInput;
  /** Sends the valid form (the editor's owner submits it to the postings data route's action). */
  onSave: (data: PostingData) => void;
  saving: boolean;
  /** Why the last save was refused: shown on the field the server named, or above the form. */
  refusal: Extract<Result<unknown>, { ok: false }> | null;
  onCancel: () => void;
}

export function PostingForm({ defaultValues, onSave, saving, refusal, onCancel }: PostingFormProps) {
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<PostingInput, unknown, PostingData>({ resolver: zodResolver(postingSchema), defaultValues });

  const refusedField = refusal?.field && refusal.field in defaultValues ? (refusal.field as keyof PostingInput) : null;
  const serverError = refusal && !refusedField ? refusal.message : null;
  /** The field's own error, else the server's refusal of it. */
  const fieldError = (name: keyof PostingInput) => errors[name]?.message ?? (name === refusedField ? refusal?.message : undefined);

  // A refused field takes the focus (focus, not data: the one effect here).
  useEffect(() => {
    if (refusedField) setFocus(refusedField);
  }, [refusal, refusedField, setFocus]);

  const setImages = (images: string[]) => setValue("images", images, { shouldDirty: true, shouldValidate: true });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSave)(event)} className="space-y-5">
      <FormAlert message={serverError} />
      <TextField label="Title" maxLength={120} error={fieldError("title")} {...register("title")} />
      <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
        <TextField label="Address" maxLength={160} error={fieldError("address")} {...register("address")} />
        <TextField label="Rate (₱ per hour)" type="number" inputMode="numeric" min={1} step={1} error={fieldError("rate")} {...register("rate")} />
      </div>
      <Controller
        control={control}
        name="images"
        render={({ field, fieldState }) => (
          <ImagesField
            images={field.value}
            onAdd={(url) => setImages([...getValues("images"), url])}
            onRemove={(index) => setImages(getValues("images").filter((_, i) => i !== index))}
            error={fieldState.error?.message ?? fieldError("images")}
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
            error={fieldState.error?.message ?? fieldError("description")}
          />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Hours" placeholder="e.g. 4 hours a day" maxLength={60} error={fieldError("hours")} {...register("hours")} />
        <TextField label="Days available" placeholder="e.g. Monday to Friday" maxLength={60} error={fieldError("days")} {...register("days")} />
        <TextField
          label="Work setup"
          placeholder="e.g. Remote, own laptop and fibre internet"
          maxLength={160}
          error={fieldError("bathroom")}
          {...register("bathroom")}
        />
        <TextField label="Graduated from" maxLength={120} error={fieldError("school")} {...register("school")} />
      </div>
      <div className="flex flex-col-reverse gap-3 border-t border-slate-800 pt-5 sm:flex-row sm:justify-end">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <SubmitButton busy={saving}>Save posting</SubmitButton>
      </div>
    </form>
  );
}
