import { AVAILABILITY_OPTIONS, EXPERIENCE_OPTIONS, type RegisterInput } from "@vam/shared";
import { Controller, useFormContext } from "react-hook-form";
import { SelectField } from "./SelectField";
import { TextField } from "./TextField";
import { SkillsPicker } from "./SkillsPicker";

type WorkDetails = Pick<RegisterInput, "location" | "experience" | "availability" | "skills">;

/** Address, experience, availability and skills: the same fields at registration and in the update form. */
export function WorkDetailsFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<WorkDetails>();
  return (
    <>
      <TextField label="Address" autoComplete="street-address" error={errors.location?.message} {...register("location")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Experience"
          placeholder="Select your experience"
          options={EXPERIENCE_OPTIONS}
          error={errors.experience?.message}
          {...register("experience")}
        />
        <SelectField
          label="Availability"
          placeholder="Select your availability"
          options={AVAILABILITY_OPTIONS}
          error={errors.availability?.message}
          {...register("availability")}
        />
      </div>
      <Controller
        control={control}
        name="skills"
        render={({ field, fieldState }) => <SkillsPicker value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />}
      />
    </>
  );
}
