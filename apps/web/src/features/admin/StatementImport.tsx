import { useActionFetcher } from "../../lib/useActionFetcher";
import { MSG, type StatementImport as StatementImportResult } from "@vam/shared";
import FileUp from "lucide-react/icons/file-up";
import { useId, useRef, useState, type FormEvent } from "react";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { FormStatus } from "../../components/form/FormStatus";
import { useActionAnswer } from "../../lib/actions";
import { StatementMappingForm } from "./StatementMappingForm";
import { importSummary } from "./statement-format";

/** A file whose layout the server did not know: its header row, for the mapping form. */
interface Unmapped {
  file: File;
  headers: string[];
}

/**
 * "Import the account's history": the statement's CSV goes to the route's adminStatementsAction,
 * which answers what the import did (shown as a status) or why it was refused (an alert naming the
 * line). A layout the server does not know comes back with its headers: the operator maps them and
 * the same file is sent again with the mapping.
 */
export function StatementImportSection() {
  const headingId = useId();
  const fileId = useId();
  const hintId = useId();
  const errorId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const upload = useActionFetcher<StatementImportResult>();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<File | null>(null);
  const [unmapped, setUnmapped] = useState<Unmapped | null>(null);
  const [missing, setMissing] = useState(false);

  useActionAnswer(upload.result, (answer) => {
    if (answer.ok) {
      const focusLost = !document.activeElement || document.activeElement === document.body || unmapped !== null;
      setUnmapped(null);
      setFile(null);
      form.current?.reset();
      // The mapping form (and its button) is gone: focus goes back to the section.
      if (focusLost) heading.current?.focus();
    } else if (answer.details?.headers && sent) {
      setUnmapped({ file: sent, headers: answer.details.headers });
    }
  });

  const send = (chosen: File, mapping?: string) => {
    setSent(chosen);
    void upload.submitForm({ intent: "import", file: chosen, mapping });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMissing(file === null);
    if (!file) return;
    setUnmapped(null);
    send(file);
  };

  const error = missing ? MSG.statementFileMissing : upload.error;

  return (
    <section aria-labelledby={headingId} className="card p-4 sm:p-6">
      <div className="space-y-1">
        <h2 ref={heading} id={headingId} tabIndex={-1} className="text-lg font-semibold text-white outline-none">
          Import the account's history
        </h2>
        <p className="text-sm text-slate-400">
          Each line that received money is matched to a payment by its reference and amount. Nothing is marked paid until you confirm it below.
        </p>
      </div>

      <form ref={form} noValidate onSubmit={onSubmit} className="mt-4 space-y-3">
        <div className="space-y-1.5">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-200">
            Statement file (CSV)
          </label>
          <input
            id={fileId}
            name="file"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={error && !unmapped ? true : undefined}
            aria-describedby={error && !unmapped ? `${errorId} ${hintId}` : hintId}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setMissing(false);
              setUnmapped(null);
              upload.reset();
            }}
            className="block w-full text-sm text-slate-300 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-slate-700 file:bg-slate-800 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-100 hover:file:bg-slate-700"
          />
          <p id={hintId} className="text-xs text-slate-400">
            The transaction history exported as CSV from GCash, Maya, BDO, UnionBank or another bank. Lines imported before are skipped.
          </p>
        </div>
        <SubmitButton busy={upload.busy && !unmapped} disabled={upload.busy}>
          {!(upload.busy && !unmapped) && <FileUp aria-hidden="true" className="size-4" />}
          Import
        </SubmitButton>
      </form>

      {error && (
        <div id={errorId} className="mt-4">
          <FormAlert message={error} />
        </div>
      )}
      {unmapped && (
        <div className="mt-4">
          <StatementMappingForm
            key={`${unmapped.file.name}|${unmapped.headers.join("|")}`}
            fileName={unmapped.file.name}
            headers={unmapped.headers}
            busy={upload.busy}
            onSubmit={(mapping) => send(unmapped.file, JSON.stringify(mapping))}
            onCancel={() => {
              setUnmapped(null);
              upload.reset();
              heading.current?.focus();
            }}
          />
        </div>
      )}
      <FormStatus className="mt-4" message={upload.done ? importSummary(upload.done.data) : null} />
    </section>
  );
}
