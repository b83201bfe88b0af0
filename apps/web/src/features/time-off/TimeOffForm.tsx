import { MSG, TIME_OFF_NOTE_MAX, bookingHorizonEnd, createTimeOffSchema, manilaToday, type CreateTimeOffInput } from "@vam/shared";
import CalendarOff from "lucide-react/icons/calendar-off";
import { useState, type FormEvent } from "react";
import { SubmitButton } from "../../components/SubmitButton";
import { FieldShell, describedBy } from "../../components/form/FieldShell";
import { TextField } from "../../components/form/TextField";
import { useFieldIds } from "../../components/form/useFieldIds";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { TimeOffRefusal } from "./TimeOffRefusal";
import { timeOffHref } from "./time-off-routes";
import { SLOT_CHOICES } from "./time-off-view";

type Field = "from" | "to" | "slot" | "note";
const FIELDS: readonly Field[] = ["from", "to", "slot", "note"];
const isField = (name: unknown): name is Field => FIELDS.includes(name as Field);

const EMPTY = { from: "", to: "", slot: "", note: "" };

/**
 * "Block time": weekdays from From to To, or one slot of one date, with a note only its Assistant
 * sees. Checked with the server's own schema first; a refusal over bookings lists them.
 */
export function TimeOffForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const today = manilaToday();
  const horizon = bookingHorizonEnd(today);
  const block = useActionFetcher(timeOffHref());
  const slotIds = useFieldIds();
  // A single slot only makes sense on one date.
  const oneDate = values.from !== "" && values.from === values.to;

  useActionAnswer(block.result, (answer) => {
    if (answer.ok) {
      setValues(EMPTY);
      setErrors({});
    } else if (isField(answer.field)) {
      setErrors({ [answer.field]: answer.message });
    }
  });
  // A refusal that names a field is shown at the field; any other above the button.
  const refusal = block.result && !block.result.ok && !isField(block.result.field) ? block.result : null;

  const change = (field: Field, value: string) => {
    setValues((current) => {
      const next = { ...current, [field]: value };
      // Choosing From fills an empty or earlier To; a range of dates takes whole days.
      if (field === "from" && value && (!next.to || next.to < value)) next.to = value;
      if (next.from !== next.to) next.slot = "";
      return next;
    });
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (block.busy) return;
    const input: CreateTimeOffInput = {
      from: values.from,
      to: values.to,
      slot: oneDate && values.slot ? (values.slot as CreateTimeOffInput["slot"]) : null,
      ...(values.note.trim() && { note: values.note.trim() }),
    };
    const checked = createTimeOffSchema.safeParse(input);
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (isField(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    setErrors({});
    void block.submit({ intent: "create", input });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="From"
          name="from"
          type="date"
          min={today}
          max={horizon}
          value={values.from}
          error={errors.from}
          onChange={(event) => change("from", event.target.value)}
        />
        <TextField
          label="To"
          name="to"
          type="date"
          min={values.from || today}
          max={horizon}
          value={values.to}
          error={errors.to}
          onChange={(event) => change("to", event.target.value)}
        />
      </div>
      <FieldShell ids={slotIds} label="Slot" error={errors.slot} hint={MSG.timeOffSlotOneDay}>
        <select
          id={slotIds.inputId}
          name="slot"
          value={oneDate ? values.slot : ""}
          disabled={!oneDate}
          onChange={(event) => change("slot", event.target.value)}
          className="input disabled:cursor-not-allowed disabled:opacity-60"
          {...describedBy(slotIds, errors.slot, MSG.timeOffSlotOneDay)}
        >
          {SLOT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </FieldShell>
      <TextField
        label="Note (only you see it)"
        name="note"
        maxLength={TIME_OFF_NOTE_MAX}
        autoComplete="off"
        value={values.note}
        error={errors.note}
        onChange={(event) => change("note", event.target.value)}
      />
      <TimeOffRefusal message={refusal?.message ?? null} bookings={refusal?.details?.bookings} />
      <SubmitButton busy={block.busy} className="w-full sm:w-auto">
        {!block.busy && <CalendarOff aria-hidden="true" className="size-4" />}
        Block time
      </SubmitButton>
    </form>
  );
}
