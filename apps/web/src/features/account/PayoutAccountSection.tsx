import { zodResolver } from "@hookform/resolvers/zod";
import {
  MSG,
  PAYOUT_BANKS,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  payoutAccountFormSchema,
  payoutAccountSummary,
  payoutHoldEndText,
  type PayoutAccountView,
  type PayoutMethod,
} from "@vam/shared";
import Clock from "lucide-react/icons/clock";
import Landmark from "lucide-react/icons/landmark";
import Smartphone from "lucide-react/icons/smartphone";
import Wallet from "lucide-react/icons/wallet";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { CardSection } from "../../components/CardSection";
import { InlineLoadFailed } from "../../components/LoadFailed";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { FormStatus } from "../../components/form/FormStatus";
import { SelectField } from "../../components/form/SelectField";
import { TextField } from "../../components/form/TextField";
import { useActionAnswer } from "../../lib/actions";
import type { Result } from "../../lib/result";
import { useActionFetcher } from "../../lib/useActionFetcher";
import type { SettingsChange } from "./account-data";

type PayoutForm = z.input<typeof payoutAccountFormSchema>;
const FIELDS = ["method", "bankName", "accountName", "accountNumber"] as const;
const isField = (name: unknown): name is (typeof FIELDS)[number] => FIELDS.includes(name as (typeof FIELDS)[number]);

const METHOD_ICONS = { GCASH: Smartphone, MAYA: Smartphone, BANK: Landmark } as const;
/** The number field's label and hint, by method. */
const NUMBER_FIELD: Record<PayoutMethod, { label: string; hint: string; inputMode: "tel" | "numeric"; autoComplete: string }> = {
  GCASH: { label: "GCash number", hint: "Your GCash mobile number, like 0917 123 4567.", inputMode: "tel", autoComplete: "tel" },
  MAYA: { label: "Maya number", hint: "Your Maya mobile number, like 0917 123 4567.", inputMode: "tel", autoComplete: "tel" },
  BANK: { label: "Account number", hint: "10 to 16 digits, as your bank shows it.", inputMode: "numeric", autoComplete: "off" },
};

const formOf = (account: PayoutAccountView | null): PayoutForm => ({
  method: account?.method ?? "GCASH",
  bankName: account?.bankName ?? "",
  accountName: account?.accountName ?? "",
  // Never shown in full again: a change types the whole number.
  accountNumber: "",
});

/**
 * "Payout account" (decisions.md, "Cancelling, refunds, fees and payouts"): where the user's
 * earnings, referral rewards and refunds go, a GCash or Maya number or a bank account. Shows the
 * saved one (its last 4 digits) and, while a change still holds payouts, when they start; the form
 * sets or changes it. A refusal shows at its field; success is said in the form's status line.
 */
export function PayoutAccountSection({ payoutAccount }: { payoutAccount: Result<PayoutAccountView | null> }) {
  const { revalidate } = useRevalidator();
  return (
    <CardSection
      title={
        <>
          <Wallet aria-hidden="true" className="size-5 text-teal-400" />
          Payout account
        </>
      }
    >
      <div className="space-y-5">
        <p className="text-sm text-slate-400">Where we send your earnings, referral rewards and refunds.</p>
        {!payoutAccount.ok ? (
          <InlineLoadFailed message={payoutAccount.message} onRetry={() => void revalidate()} />
        ) : (
          <>
            <SavedAccount account={payoutAccount.data} />
            <PayoutAccountForm account={payoutAccount.data} />
          </>
        )}
      </div>
    </CardSection>
  );
}

function SavedAccount({ account }: { account: PayoutAccountView | null }) {
  if (!account) {
    return (
      <p className="rounded-lg border border-dashed border-slate-700 px-4 py-3 text-sm text-slate-300">
        No payout account yet. Add one below so that we can send you your money.
      </p>
    );
  }
  return (
    <div className="space-y-2 rounded-lg border border-slate-800 bg-slate-900/60 px-4 py-3">
      <p className="text-xs font-medium tracking-wide text-slate-400 uppercase">Your money goes to</p>
      <p className="font-medium break-words text-slate-100">{payoutAccountSummary(account)}</p>
      {account.heldUntil && (
        <p className="flex items-start gap-2 text-sm text-amber-200">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{MSG.payoutAccountHeld(payoutHoldEndText(account.heldUntil))}</span>
        </p>
      )}
    </div>
  );
}

function PayoutAccountForm({ account }: { account: PayoutAccountView | null }) {
  const save = useActionFetcher<string>();
  const legendId = useId();
  const methodErrorId = useId();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setError,
    watch,
    formState: { errors },
  } = useForm<PayoutForm, unknown, z.output<typeof payoutAccountFormSchema>>({
    resolver: zodResolver(payoutAccountFormSchema),
    defaultValues: formOf(account),
  });
  const method = watch("method") as PayoutMethod;
  const numberField = NUMBER_FIELD[method] ?? NUMBER_FIELD.GCASH;

  useActionAnswer(save.result, (answer) => {
    // Saved: the form keeps what was sent, but not the number (shown as its last 4 digits above).
    if (answer.ok) reset({ ...getValues(), accountNumber: "" });
    else if (isField(answer.field)) setError(answer.field, { message: answer.message }, { shouldFocus: true });
  });
  const refusal = save.result && !save.result.ok && !isField(save.result.field) ? save.result.message : null;

  const onSubmit = (input: z.output<typeof payoutAccountFormSchema>) => {
    const change: SettingsChange = { intent: "payoutAccount", input };
    void save.submit(change, "put");
  };

  return (
    <>
      <FormStatus message={save.busy ? null : (save.done?.data ?? null)} />
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
        <FormAlert message={save.busy ? null : refusal} />
        <fieldset
          role="radiogroup"
          aria-labelledby={legendId}
          aria-describedby={errors.method ? methodErrorId : undefined}
          aria-invalid={errors.method ? true : undefined}
          className="space-y-2"
        >
          <legend id={legendId} className="mb-2 text-sm font-medium text-slate-200">
            Send my money to
          </legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {PAYOUT_METHODS.map((option) => {
              const Icon = METHOD_ICONS[option];
              return (
                <label
                  key={option}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-700 px-4 py-3 text-slate-200 transition-colors hover:border-slate-500 has-checked:border-teal-400 has-checked:bg-teal-500/15 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal-400"
                >
                  <input type="radio" value={option} className="size-4 shrink-0 accent-teal-500 focus-visible:outline-none" {...register("method")} />
                  <Icon aria-hidden="true" className="size-4 shrink-0 text-teal-300" />
                  <span className="font-medium">{PAYOUT_METHOD_LABELS[option]}</span>
                </label>
              );
            })}
          </div>
          {errors.method && (
            <p id={methodErrorId} className="text-xs font-medium text-rose-400">
              {errors.method.message}
            </p>
          )}
        </fieldset>
        {method === "BANK" && (
          <SelectField label="Bank" options={PAYOUT_BANKS} placeholder="Choose the bank" error={errors.bankName?.message} {...register("bankName")} />
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Account name"
            autoComplete="name"
            hint="As your bank or e-wallet shows it."
            error={errors.accountName?.message}
            {...register("accountName")}
          />
          <TextField
            label={numberField.label}
            inputMode={numberField.inputMode}
            autoComplete={numberField.autoComplete}
            hint={numberField.hint}
            error={errors.accountNumber?.message}
            {...register("accountNumber")}
          />
        </div>
        <p className="text-sm text-slate-400">
          For your safety, we email you whenever your payout account changes, and the next payout waits 24 hours.
        </p>
        <SubmitButton busy={save.busy} className="w-full sm:w-auto">
          Save payout account
        </SubmitButton>
      </form>
    </>
  );
}
