import { MSG, type PaymentQrSetting, type QrPhRead } from "@vam/shared";
import ImageUp from "lucide-react/icons/image-up";
import ShieldCheck from "lucide-react/icons/shield-check";
import TriangleAlert from "lucide-react/icons/triangle-alert";
import { Suspense, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Await, useLoaderData } from "react-router";
import { Spinner } from "../../components/Spinner";
import { SubmitButton } from "../../components/SubmitButton";
import { FormAlert } from "../../components/form/FormAlert";
import { useActionAnswer } from "../../lib/actions";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { AdminPageHeader } from "./AdminPageHeader";
import { AdminLoadFailed, AdminLoading } from "./AdminStates";
import { formatMomentTime } from "./admin-format";
import type { QrPhPreview } from "./admin-api";
import type { adminPaymentQrLoader } from "./admin-loaders";

const KIND_LABELS: Record<QrPhRead["kind"], string> = { p2p: "Person to person", p2m: "Merchant" };

/** The pictures a QR code can be read from (the server reads PNG, JPEG and WebP). */
const IMAGE_TYPES = "image/png,image/jpeg,image/webp";

export default function AdminPaymentQrPage() {
  const { setting } = useLoaderData<typeof adminPaymentQrLoader>();
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Payment QR code"
        description="The platform's QR Ph code: every payment's code is made from it, so clients pay the account it names."
      />
      <Suspense fallback={<AdminLoading />}>
        <Await resolve={setting} errorElement={<AdminLoadFailed />}>
          {(loaded: PaymentQrSetting) => <CurrentCode setting={loaded} />}
        </Await>
      </Suspense>
      <SetCodeForm />
    </div>
  );
}

/** Where the code in use comes from. */
function sourceText(setting: PaymentQrSetting): string {
  if (setting.source === "console") return `Set in the console on ${formatMomentTime(setting.updatedAt)}`;
  if (setting.source === "configuration") return "From PAYMENT_QRPH in the configuration";
  return "The demo code of a new installation";
}

function CurrentCode({ setting }: { setting: PaymentQrSetting }) {
  const headingId = useId();
  const demo = setting.demo;
  return (
    <section aria-labelledby={headingId} className="card space-y-4 p-4 sm:p-6">
      <div className="space-y-1">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          The code in use
        </h2>
        <p className="text-sm text-slate-400">{sourceText(setting)}</p>
      </div>
      {demo && (
        <div className="flex items-start gap-3 rounded-xl border border-amber-500/50 bg-amber-500/10 p-4">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-300" />
          <div className="space-y-1">
            <p className="font-semibold text-amber-200">{MSG.qrphDemoLabel}</p>
            <p className="text-sm text-amber-100">
              Clients cannot pay until a real code is set: paste your account's QR Ph code below, or upload a picture of it.
            </p>
          </div>
        </div>
      )}
      <QrReadList read={setting.read} />
    </section>
  );
}

/** What a code pays: the account's name, bank or wallet, last 4 digits, city and kind. */
function QrReadList({ read }: { read: QrPhRead }) {
  const facts: { label: string; value: ReactNode }[] = [
    { label: "Account name", value: read.payeeName },
    { label: "Bank or wallet", value: read.bankName ?? "Not given" },
    {
      label: "Account ending in",
      value: read.accountLast4 ? (
        <>
          <span aria-hidden="true">••••</span>
          {read.accountLast4}
        </>
      ) : (
        "Not given"
      ),
    },
    { label: "City", value: read.city ?? "Not given" },
    { label: "Kind", value: KIND_LABELS[read.kind] },
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-3">
      {facts.map(({ label, value }) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-slate-400">{label}</dt>
          <dd className="break-words text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The code's text, pasted or read from a picture of it, checked and saved by the server (which
 * names what is wrong with a code it refuses). A picture is only read: the operator saves what it
 * held with the same button.
 */
function SetCodeForm() {
  const headingId = useId();
  const textId = useId();
  const textErrorId = useId();
  const hintId = useId();
  const fileId = useId();
  const fileErrorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [preview, setPreview] = useState<QrPhPreview | null>(null);
  const [missing, setMissing] = useState(false);
  // The route's adminPaymentQrAction saves the text (JSON) or reads a picture (a file).
  const save = useActionFetcher<PaymentQrSetting>();
  const read = useActionFetcher<QrPhPreview>();

  useActionAnswer(read.result, (answer) => {
    if (!answer.ok) return;
    setText(answer.data.payload);
    setPreview(answer.data);
    setMissing(false);
    save.reset();
  });
  useActionAnswer(save.result, (answer) => {
    if (!answer.ok) return;
    setText("");
    setPreview(null);
    read.reset();
    if (fileInput.current) fileInput.current.value = "";
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    setMissing(trimmed === "");
    if (trimmed === "") return;
    void save.submit({ intent: "save", text: trimmed }, "put");
  };

  const onFile = (file: File | undefined) => {
    setPreview(null);
    if (file) void read.submitForm({ intent: "read", image: file });
  };

  const textError = missing ? "Please paste the code's text, or upload a picture of the code." : save.error;

  return (
    <section aria-labelledby={headingId} className="card p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-white">
        Set the platform's code
      </h2>
      <p className="mt-1 text-sm text-slate-400">
        Use the QR Ph code of the GCash, Maya or bank account that receives the platform's payments. It is checked before it is saved.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        <div className="space-y-1.5">
          <label htmlFor={textId} className="block text-sm font-medium text-slate-200">
            QR Ph code text
          </label>
          <textarea
            id={textId}
            name="text"
            rows={4}
            maxLength={1000}
            spellCheck={false}
            autoComplete="off"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setPreview(null);
            }}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? textErrorId : hintId}
            className="input min-h-28 font-mono break-all"
          />
          <p id={hintId} className="text-xs text-slate-400">
            The text a QR reader shows for the code; it starts with 000201.
          </p>
        </div>

        <div className="space-y-1.5">
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-200">
            Or upload a photo or screenshot of the code
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={IMAGE_TYPES}
            aria-invalid={read.error ? true : undefined}
            aria-describedby={read.error ? fileErrorId : undefined}
            onChange={(event) => onFile(event.target.files?.[0])}
            className="block w-full text-sm text-slate-300 file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-slate-700 file:bg-slate-800 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-100 hover:file:bg-slate-700"
          />
          {read.error && (
            <div id={fileErrorId}>
              <FormAlert message={read.error} />
            </div>
          )}
          {/* Always there (empty, it takes no room), so that what fills it is announced. */}
          <div role="status">
            {read.busy && (
              <p className="flex items-center gap-2 pt-2 text-sm text-slate-300">
                <Spinner className="size-4" /> Reading the picture...
              </p>
            )}
            {preview && !read.busy && (
              <div className="mt-2 space-y-3 rounded-xl border border-teal-500/40 bg-teal-500/10 p-4">
                <p className="flex items-center gap-2 text-sm font-semibold text-teal-100">
                  <ImageUp aria-hidden="true" className="size-4" />
                  Read from the picture:
                </p>
                <QrReadList read={preview.read} />
                <p className="text-xs text-slate-300">Its text is now in the box above: check and save it to use this code.</p>
              </div>
            )}
          </div>
        </div>

        {textError && (
          <div id={textErrorId}>
            <FormAlert message={textError} />
          </div>
        )}

        <SubmitButton busy={save.busy} disabled={read.busy}>
          {!save.busy && <ShieldCheck aria-hidden="true" className="size-4" />}
          Check and save
        </SubmitButton>
      </form>
    </section>
  );
}
