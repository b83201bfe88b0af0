import type { Booking, ConsultantSummary, PaymentDetails } from "@vam/shared";
import { DURATIONS, MSG, SLOT_STARTS, bookerRefusal, formatLongDate, formatPeso, formatTime } from "@vam/shared";
import ArrowLeft from "lucide-react/icons/arrow-left";
import CheckCircle2 from "lucide-react/icons/circle-check";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { api } from "../../api/client";
import { ApiError } from "../../api/errors";
import { UserAvatar } from "../../components/UserAvatar";
import { useAuth } from "../auth/auth-context";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { DateTimePicker, type DateTime } from "./DateTimePicker";
import { addHours } from "./dates";
import { ErrorScreen } from "../../layouts/RouteError";

type Duration = (typeof DURATIONS)[number];
const STEPS = 4;

function BookingError({ message }: { message: string }) {
  const navigate = useNavigate();
  const goBack = (
    <button type="button" className="btn-primary mt-6" onClick={() => void navigate(-1)}>
      Go Back
    </button>
  );
  return <ErrorScreen message={message} action={goBack} />;
}

export default function BookConsultantPage() {
  const { consultantId = "" } = useParams();
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get("referralCode")?.trim() || undefined;
  const queryDate = searchParams.get("date") ?? undefined;
  const queryTime = searchParams.get("time") ?? undefined;
  const { user } = useAuth();
  // Someone who may not book this person (an Operator, an Assistant on their own page) is told at once.
  const refusal = user && bookerRefusal(user, consultantId);

  const [consultant, setConsultant] = useState<ConsultantSummary | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [slot, setSlot] = useState<DateTime | null>(null);
  const [duration, setDuration] = useState<Duration>(4);
  const [payment, setPayment] = useState<PaymentDetails | null>(null);
  const [paymentError, setPaymentError] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [booking, setBooking] = useState<Booking | null>(null);
  useDocumentTitle(consultant ? `Book ${consultant.firstName} ${consultant.lastName}`.trim() : "Book a Session");
  const stepRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // After Continue, Back or a booking, focus goes to the new step's heading (read out first).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepRef.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [step]);

  useEffect(() => {
    let cancelled = false;
    setConsultant(null);
    setLoadError(null);
    api
      .get<ConsultantSummary>(`/bookings/consultant/${encodeURIComponent(consultantId)}`)
      .then((data) => !cancelled && setConsultant(data))
      .catch(() => !cancelled && setLoadError("Failed to load consultant information"));
    return () => {
      cancelled = true;
    };
  }, [consultantId]);

  useEffect(() => {
    if (step !== 2) return;
    let cancelled = false;
    setPayment(null);
    setPaymentError(false);
    api
      .get<PaymentDetails>(`/bookings/payment?consultantId=${encodeURIComponent(consultantId)}&duration=${duration}`)
      .then((data) => !cancelled && setPayment(data))
      .catch(() => !cancelled && setPaymentError(true));
    return () => {
      cancelled = true;
    };
  }, [step, consultantId, duration]);

  if (refusal) return <BookingError message={refusal} />;
  if (loadError) return <BookingError message={loadError} />;
  if (fatal) return <BookingError message={fatal} />;
  if (!consultant) {
    return (
      <p role="status" className="px-4 py-20 text-center text-slate-400">
        Loading consultant information...
      </p>
    );
  }

  const name = `${consultant.firstName} ${consultant.lastName}`.trim();
  const rate = consultant.salaryRate;
  const total = rate * duration;

  const confirm = async () => {
    if (!slot) return;
    setSubmitting(true);
    setConflict(null);
    try {
      const { booking: created } = await api.post<{ booking: Booking }>("/bookings/create", {
        consultantId,
        date: slot.date,
        startTime: slot.time,
        duration,
        price: total,
        ...(referralCode ? { referralCode } : {}),
      });
      setBooking(created);
      setStep(3);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        setConflict(error.serverMessage ?? MSG.bookingCreateFailed);
      } else {
        setFatal(MSG.bookingCreateFailed);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <header className="flex items-center gap-4">
        <UserAvatar src={consultant.avatar} alt={name} className="size-16" />
        <div>
          <h1 className="text-2xl font-bold text-white">{name}</h1>
          <p className="text-slate-400">{formatPeso(rate)} per hour</p>
        </div>
      </header>

      <div className="space-y-2">
        <div className="flex items-center justify-between text-sm text-slate-400">
          <span>
            Step {step + 1} of {STEPS}
          </span>
          {step > 0 && step < 3 && (
            <button
              type="button"
              className="btn-ghost"
              onClick={() => {
                setConflict(null);
                setStep((s) => s - 1);
              }}
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </button>
          )}
        </div>
        <div
          role="progressbar"
          aria-label={`Step ${step + 1} of ${STEPS}`}
          aria-valuemin={1}
          aria-valuemax={STEPS}
          aria-valuenow={step + 1}
          className="h-2 overflow-hidden rounded-full bg-slate-800"
        >
          <div className="h-full bg-teal-500 transition-all" style={{ width: `${((step + 1) / STEPS) * 100}%` }} />
        </div>
      </div>

      <div ref={stepRef}>
        {step === 0 && (
          <DateTimePicker
            consultantId={consultantId}
            initial={slot ?? { date: queryDate, time: queryTime }}
            onSubmit={(choice) => {
              setSlot(choice);
              if (choice.time !== SLOT_STARTS[0]) setDuration(4);
              setStep(1);
            }}
          />
        )}

        {step === 1 && slot && (
          <section className="card space-y-5 p-5">
            <h2 tabIndex={-1} className="text-xl font-semibold text-white">
              Choose Service Duration
            </h2>
            <div role="radiogroup" aria-label="Service duration" className="grid gap-3 sm:grid-cols-2">
              {DURATIONS.map((hours) => {
                const disabled = hours === 8 && slot.time !== SLOT_STARTS[0];
                return (
                  <label
                    key={hours}
                    className={`flex cursor-pointer flex-col rounded-lg border px-4 py-3 ${
                      duration === hours ? "border-teal-400 bg-teal-500/20" : "border-slate-700"
                    } ${disabled ? "cursor-not-allowed opacity-50" : ""}`}
                  >
                    <span className="flex items-center gap-2">
                      <input
                        type="radio"
                        name="duration"
                        value={hours}
                        checked={duration === hours}
                        disabled={disabled}
                        onChange={() => setDuration(hours)}
                      />
                      <span className="font-medium text-white">{hours} hours</span>
                    </span>
                    <span className="text-sm text-slate-400">{hours === 4 ? "Standard booking" : "Full day booking"}</span>
                    {disabled && <span className="text-xs text-slate-400">{MSG.bookingFullDayFromMorning}</span>}
                  </label>
                );
              })}
            </div>
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-400">Hourly rate</dt>
                <dd className="text-white">{formatPeso(rate)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-400">Duration</dt>
                <dd className="text-white">{duration} hours</dd>
              </div>
              <div className="flex justify-between font-semibold">
                <dt className="text-slate-300">Total</dt>
                <dd className="text-white">{formatPeso(total)}</dd>
              </div>
            </dl>
            <button type="button" className="btn-primary w-full" onClick={() => setStep(2)}>
              Continue
            </button>
          </section>
        )}

        {step === 2 && slot && (
          <section className="card space-y-5 p-5">
            <h2 tabIndex={-1} className="text-xl font-semibold text-white">
              Review and Payment
            </h2>
            <dl className="space-y-1 text-sm">
              {[
                ["Date", formatLongDate(slot.date)],
                ["Time", `${formatTime(slot.time)} to ${formatTime(addHours(slot.time, duration))}`],
                ["Duration", `${duration} hours`],
                ["Assistant", name],
                ["Total Amount", formatPeso(total)],
              ].map(([term, value]) => (
                <div key={term} className="flex justify-between gap-4">
                  <dt className="text-slate-400">{term}</dt>
                  <dd className="text-right text-white">{value}</dd>
                </div>
              ))}
            </dl>

            <div className="space-y-3 rounded-lg border border-slate-700 p-4">
              <h3 className="font-semibold text-white">Scan QR Code to Pay PS: STILL UNDER DEVELOPMENT.</h3>
              <p className="text-sm text-slate-400">
                Scan the QR code with GCash or another payment app, then click the button below to finalize your booking.
              </p>
              {paymentError && <p className="text-sm text-rose-400">Could not load the payment details.</p>}
              {!payment && !paymentError && (
                <p role="status" className="text-sm text-slate-400">
                  Loading payment details...
                </p>
              )}
              {payment && (
                <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
                  <img
                    src={`data:image/svg+xml;utf8,${encodeURIComponent(payment.qrSvg)}`}
                    alt="Payment QR code"
                    className="size-48 rounded bg-white p-2"
                  />
                  <dl className="space-y-1 text-sm">
                    <div>
                      <dt className="text-slate-400">Account name</dt>
                      <dd className="text-white">{payment.accountName}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-400">Amount</dt>
                      <dd className="text-white">{formatPeso(payment.amount)}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-400">Reference</dt>
                      <dd className="text-white">{payment.reference}</dd>
                    </div>
                  </dl>
                </div>
              )}
            </div>

            {conflict && (
              <div role="alert" className="space-y-2 rounded-lg border border-rose-500/40 bg-rose-500/10 p-3 text-sm text-rose-300">
                <p>{conflict}</p>
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => {
                    setConflict(null);
                    setSlot(null);
                    setStep(0);
                  }}
                >
                  Choose another time
                </button>
              </div>
            )}

            <button type="button" className="btn-primary w-full" disabled={submitting} onClick={() => void confirm()}>
              {submitting ? "Confirming..." : "Confirm booking (I have paid)"}
            </button>
          </section>
        )}

        {step === 3 && booking && (
          <section className="card space-y-4 p-6 text-center">
            <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-emerald-400" />
            <h2 tabIndex={-1} className="text-2xl font-bold text-white">
              Booking Successful!
            </h2>
            <p className="text-slate-300">Your booking has been confirmed with {name}.</p>
            <p className="text-sm text-slate-400">
              Booking ID: <span className="font-mono text-slate-200">{booking.id}</span>
            </p>
            <p className="text-sm text-slate-400">
              You can find the details under{" "}
              <Link to="/bookings" className="link">
                My Bookings
              </Link>
              .
            </p>
            <p className="text-sm text-slate-400">
              An initial chat with {consultant.firstName} has been started, and the assistant has already confirmed your booking.
            </p>
            <Link to={`/chat/${consultantId}`} className="btn-primary">
              Proceed to Chat
            </Link>
          </section>
        )}
      </div>
    </div>
  );
}
