import { formatCentavos, payoutLineDecisionSchema, type PayoutLineDecision, type PayoutLineView } from "@vam/shared";
import { useState } from "react";
import { TextAreaField } from "../../components/form/TextAreaField";
import { TextField } from "../../components/form/TextField";
import { AdminFormDialog } from "./AdminFormDialog";
import { destinationLines } from "./money-format";

export type LineDecisionKind = PayoutLineDecision["state"];

/** A decision checked as the server checks it: the transfer's reference, or why it failed, given. */
export function checkLineDecision(kind: LineDecisionKind, text: string): { decision: PayoutLineDecision } | { error: string } {
  const parsed = payoutLineDecisionSchema.safeParse(
    kind === "SENT" ? { state: "SENT", transferReference: text } : { state: "FAILED", failureReason: text },
  );
  return parsed.success ? { decision: parsed.data } : { error: parsed.error.issues[0]?.message ?? "Check this field." };
}

interface PayoutLineDialogProps {
  open: boolean;
  line: PayoutLineView | null;
  kind: LineDecisionKind;
  busy: boolean;
  /** The server's refusal (the line was marked meanwhile...), shown in the dialog. */
  error: string | null;
  onSubmit: (decision: PayoutLineDecision) => void;
  onCancel: () => void;
}

/**
 * "Mark sent" (with the transfer's reference) or "Mark failed" (with why) for one line of a batch.
 * Keyed by the line and the decision, so that each opening starts with an empty field.
 */
export function PayoutLineDialog({ open, line, kind, busy, error, onSubmit, onCancel }: PayoutLineDialogProps) {
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();

  const sent = kind === "SENT";
  const submit = (form: HTMLFormElement) => {
    const checked = checkLineDecision(kind, text);
    if ("error" in checked) {
      setFieldError(checked.error);
      form.querySelector<HTMLElement>("input, textarea")?.focus();
      return;
    }
    onSubmit(checked.decision);
  };
  const change = (value: string) => {
    setText(value);
    setFieldError(undefined);
  };

  const destination = line ? destinationLines(line.destination) : null;
  return (
    <AdminFormDialog
      open={open && line !== null}
      title={sent ? "Mark sent?" : "Mark failed?"}
      submitLabel={sent ? "Mark sent" : "Mark failed"}
      tone={sent ? "primary" : "danger"}
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {line && destination && (
        <div className="space-y-2 text-sm text-slate-300">
          <p>
            <strong className="text-white">{formatCentavos(line.amountCentavos)}</strong> to <strong className="text-white">{line.payee.name}</strong>
            : {destination.method}, {destination.name}, <span className="font-mono">{destination.number}</span>.
          </p>
          <p>
            {sent
              ? `Mark it sent once the transfer is made. ${line.kind === "PAYOUT" ? "The payee" : "The client"} is told, with the reference.`
              : "Mark it failed when the bank returned the transfer or refused it."}
          </p>
        </div>
      )}
      {sent ? (
        <TextField
          label="Transfer reference"
          name="transferReference"
          autoComplete="off"
          required
          maxLength={64}
          value={text}
          error={fieldError}
          hint="The reference number on the bank's or e-wallet's confirmation."
          onChange={(event) => change(event.target.value)}
        />
      ) : (
        <TextAreaField
          label="Why it failed"
          name="failureReason"
          required
          maxLength={300}
          value={text}
          error={fieldError}
          hint="Kept with the line, e.g. the bank's reason."
          onChange={(event) => change(event.target.value)}
        />
      )}
    </AdminFormDialog>
  );
}
