import { MSG, type StatementMapping } from "@vam/shared";
import Columns3 from "lucide-react/icons/columns-3";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { SelectField } from "../../components/form/SelectField";
import { DATE_FORMATS, guessMapping, mappingOf, type AmountColumns, type MappingChoice } from "./statement-format";

interface StatementMappingFormProps {
  fileName: string;
  /** The file's header row, as the server found it. */
  headers: readonly string[];
  busy: boolean;
  onSubmit: (mapping: StatementMapping) => void;
  onCancel: () => void;
}

const AMOUNT_CHOICES: { value: AmountColumns; label: string }[] = [
  { value: "single", label: "One amount column (money out is negative)" },
  { value: "split", label: "Money in and money out columns" },
];

/**
 * The columns of a statement whose layout the server does not know: which holds the date, the
 * amount (or money in and money out), the reference or message, and the sender. Filled with a
 * guess from the header names; the server remembers the choice for files with these headers.
 */
export function StatementMappingForm({ fileName, headers, busy, onSubmit, onCancel }: StatementMappingFormProps) {
  const headingId = useId();
  const formatId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // A header written twice (or empty) is offered once.
  const columns = [...new Set(headers.map((header) => header.trim()).filter(Boolean))];
  const [choice, setChoice] = useState<MappingChoice>(() => guessMapping(columns));
  const [incomplete, setIncomplete] = useState(false);

  // A new step of the import: focus goes to its heading (the refusal above it is announced).
  useEffect(() => heading.current?.focus(), []);

  const set = (key: keyof MappingChoice) => (event: { target: { value: string } }) => setChoice({ ...choice, [key]: event.target.value });
  const missing = (value: string) => (incomplete && !value ? "Choose a column" : undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const mapping = mappingOf(choice);
    setIncomplete(mapping === null);
    if (mapping) onSubmit(mapping);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-slate-700 bg-slate-950/40 p-4">
      <div className="space-y-1">
        <h3 ref={heading} id={headingId} tabIndex={-1} className="flex items-center gap-2 font-semibold text-white outline-none">
          <Columns3 aria-hidden="true" className="size-4 text-teal-400" />
          Choose the columns of {fileName}
        </h3>
        <p className="text-sm text-slate-400">
          A guess from the column names is filled in: check it. Files with these columns are then read the same way.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-200">Amounts</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {AMOUNT_CHOICES.map(({ value, label }) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-200">
                <input
                  type="radio"
                  name="amountColumns"
                  value={value}
                  checked={choice.amountColumns === value}
                  onChange={() => setChoice({ ...choice, amountColumns: value })}
                  className="size-4 accent-teal-500"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Date"
            options={columns}
            placeholder="Choose a column"
            value={choice.date}
            onChange={set("date")}
            error={missing(choice.date)}
          />
          {choice.amountColumns === "single" ? (
            <SelectField
              label="Amount"
              options={columns}
              placeholder="Choose a column"
              value={choice.amount}
              onChange={set("amount")}
              error={missing(choice.amount)}
            />
          ) : (
            <>
              <SelectField
                label="Money in"
                options={columns}
                placeholder="Choose a column"
                value={choice.credit}
                onChange={set("credit")}
                error={missing(choice.credit)}
              />
              <SelectField label="Money out (optional)" options={columns} placeholder="None" value={choice.debit} onChange={set("debit")} />
            </>
          )}
          <SelectField
            label="Reference (or message)"
            options={columns}
            placeholder="Choose a column"
            value={choice.reference}
            onChange={set("reference")}
            error={missing(choice.reference)}
          />
          <SelectField label="Sender (optional)" options={columns} placeholder="None" value={choice.sender} onChange={set("sender")} />
          <div className="space-y-1.5">
            <label htmlFor={formatId} className="block text-sm font-medium text-slate-200">
              Date format (optional)
            </label>
            <select id={formatId} value={choice.dateFormat} onChange={set("dateFormat")} className="input">
              <option value="">As the file shows it</option>
              {DATE_FORMATS.map((format) => (
                <option key={format.value} value={format.value}>
                  {format.label}
                </option>
              ))}
            </select>
          </div>
        </div>

        {incomplete && <FormAlert message={MSG.statementMappingIncomplete} />}

        <div className="flex flex-wrap gap-2">
          <SubmitButton busy={busy}>Import with these columns</SubmitButton>
          <button type="button" className="btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
