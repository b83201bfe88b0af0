import {
  MSG,
  SLOT_STARTS,
  formatPeso,
  seriesDates,
  startsInTime,
  type BookedSlot,
  type Booking,
  type ConsultantSummary,
  type UnpaidHold,
} from "@vam/shared";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { UserAvatar } from "../../../components/UserAvatar";
import { useActionFetcher } from "../../../lib/useActionFetcher";
import type { Result } from "../../../lib/result";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { useTimeZone } from "../../auth/public";
import type { NewBooking, PaymentFor } from "../bookings-data";
import { bookingsData } from "../bookings-routes";
import { DateTimePicker } from "../DateTimePicker";
import type { DateTime } from "../picker-availability";
import { shownAnswer } from "../shown-answer";
import { BookingError } from "./BookingError";
import { BookingSuccess } from "./BookingSuccess";
import { DurationStep, type Duration } from "./DurationStep";
import { PaymentStep } from "./PaymentStep";
import { StepProgress } from "./StepProgress";
import { UnpaidCap } from "./UnpaidCap";

interface BookingWizardProps {
  consultant: ConsultantSummary;
  booked: BookedSlot[];
  /** The client's unpaid payments when the page opened: at the cap, they are told so before choosing anything. */
  unpaid: UnpaidHold | null;
}

/** The four steps of booking someone: date and time, duration, review and payment, done. */
export function BookingWizard({ consultant, booked, unpaid }: BookingWizardProps) {
  const consultantId = consultant.id;
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get("referralCode")?.trim() || undefined;
  const queryDate = searchParams.get("date") ?? undefined;
  const queryTime = searchParams.get("time") ?? undefined;

  const [step, setStep] = useState(0);
  const [slot, setSlot] = useState<DateTime | null>(null);
  const [duration, setDuration] = useState<Duration>(4);
  // A weekly series: how many weeks (null: one booking), and the dates left out after a refusal.
  const [weeks, setWeeks] = useState<number | null>(null);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [conflict, setConflict] = useState<{ message: string; takenDates: string[] } | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [made, setMade] = useState<Booking[] | null>(null);
  // The payment details of the chosen duration: loaded when the review step is opened.
  const payment = useFetcher<Result<PaymentFor>>();

  // The client's own zone (a visitor's browser's): every time of the steps gives it beside Manila's.
  const zone = useTimeZone();
  const name = `${consultant.firstName} ${consultant.lastName}`.trim();
  useDocumentTitle(`Book ${name}`);
  const stepRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);

  // After Continue, Back or a booking, focus goes to the new step's heading (read out first).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    stepRef.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [step]);

  // The booking is made by the route's action; its answer moves on to the last step, or says why not.
  const confirmation = useActionFetcher<Booking[]>(undefined, {
    onAnswer: (answer) => {
      if (answer.ok) {
        setMade(answer.data);
        setStep(3);
      } else if (answer.status === 409 || answer.status === 400)
        setConflict({ message: answer.message, takenDates: answer.details?.takenDates ?? [] });
      else setFatal(MSG.bookingCreateFailed);
    },
  });
  const submitting = confirmation.busy;
  if (fatal) return <BookingError message={fatal} />;
  // The unpaid cap, told when the page opens (decisions.md, "Payment"), with the way out: no step to start.
  const capped = unpaid?.refusal && step < 3 ? unpaid.refusal : null;

  const rate = consultant.salaryRate;
  const price = rate * duration;
  // The dates to book: the chosen one, or each week of the series but those left out.
  const dates = !slot ? [] : weeks === null ? [slot.date] : seriesDates(slot.date, weeks).filter((date) => !skipped.includes(date));
  const total = price * dates.length;

  const toReview = () => {
    setSkipped([]);
    void payment.load(bookingsData.payment(consultantId, duration, weeks ?? 1));
    setStep(2);
  };

  const submit = (skipDates: string[]) => {
    if (!slot) return;
    setConflict(null);
    const kept = weeks === null ? 1 : weeks - skipDates.length;
    const base = {
      consultantId,
      date: slot.date,
      startTime: slot.time as (typeof SLOT_STARTS)[number],
      duration,
      price: price * kept,
      ...(referralCode ? { referralCode } : {}),
    };
    // The reference the payment step showed: the one the client paid with.
    const shown = payment.data?.ok ? payment.data.data : null;
    const paymentReference = shown && shown.duration === duration && shown.dates === kept ? shown.details.reference : undefined;
    const withPayment = { ...base, ...(paymentReference ? { paymentReference } : {}) };
    const input: NewBooking = weeks === null ? withPayment : { ...withPayment, weeks, ...(skipDates.length > 0 ? { skipDates } : {}) };
    void confirmation.submit(input);
  };

  // Leaving out the taken dates: the total and the QR code follow the dates left, a payment of
  // their own with its own reference, which the client pays before confirming again.
  const dropTaken = () => {
    if (!conflict) return;
    const skipDates = [...new Set([...skipped, ...conflict.takenDates])];
    setSkipped(skipDates);
    setConflict(null);
    void payment.load(bookingsData.payment(consultantId, duration, (weeks ?? 1) - skipDates.length));
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

      {capped && <UnpaidCap message={capped} />}
      {!capped && (
        <>
          <StepProgress
            step={step}
            onBack={() => {
              setConflict(null);
              setStep((s) => s - 1);
            }}
          />

          <div ref={stepRef}>
            {step === 0 && (
              <DateTimePicker
                booked={booked}
                initial={slot ?? { date: queryDate, time: queryTime }}
                zone={zone}
                onSubmit={(choice) => {
                  setSlot(choice);
                  if (!startsInTime(duration, choice.time)) setDuration(4);
                  setStep(1);
                }}
              />
            )}

            {step === 1 && slot && (
              <DurationStep
                slot={slot}
                duration={duration}
                rate={rate}
                weeks={weeks}
                onChange={setDuration}
                onWeeksChange={setWeeks}
                onContinue={toReview}
              />
            )}

            {step === 2 && slot && (
              <PaymentStep
                slot={slot}
                zone={zone}
                dates={dates}
                duration={duration}
                name={name}
                price={price}
                total={total}
                payment={shownAnswer(payment, (shown) => shown.duration === duration && shown.dates === dates.length)}
                paymentRefusal={
                  payment.state === "idle" && payment.data && !payment.data.ok && payment.data.status === 400 ? payment.data.message : null
                }
                conflict={conflict?.message ?? null}
                takenDates={conflict?.takenDates ?? []}
                submitting={submitting}
                onConfirm={() => submit(skipped)}
                onDropTaken={dropTaken}
                onChooseAnother={() => {
                  setConflict(null);
                  setSlot(null);
                  setStep(0);
                }}
              />
            )}

            {step === 3 && made && <BookingSuccess bookings={made} consultant={consultant} name={name} zone={zone} />}
          </div>
        </>
      )}
    </div>
  );
}
