import { formatLongDate, formatTime, type BookedSlot, type Booking } from "@vam/shared";
import { Modal } from "../../components/Modal";
import { BothClocks } from "./BothClocks";
import { DateTimePicker, type DateTime } from "./DateTimePicker";

interface BookingRescheduleModalProps {
  /** The booking being rescheduled; null when closed. */
  booking: Booking | null;
  /** The consultant's held slots, loaded as the dialog opens; null while they load. */
  booked: readonly BookedSlot[] | null;
  otherName: string;
  busy: boolean;
  onSubmit: (booking: Booking, choice: DateTime) => void;
  onClose: () => void;
  /** The viewer's zone: the booking's time and the slots give their own beside Manila's where it differs. */
  zone?: string | null;
}

/** 'Reschedule Booking': the date picker in reschedule mode, the booking's current slot labelled Current. */
export function BookingRescheduleModal({ booking, booked, otherName, busy, onSubmit, onClose, zone }: BookingRescheduleModalProps) {
  return (
    <Modal open={booking !== null} onClose={() => !busy && onClose()} title="Reschedule Booking" className="max-w-3xl">
      {booking && (
        <div className="space-y-4">
          <p className="text-sm text-slate-300">
            Your booking with <span className="font-medium text-white">{otherName}</span> is on{" "}
            <span className="font-medium text-white">
              <BothClocks
                manila={`${formatLongDate(booking.date)}, ${formatTime(booking.startTime)} - ${formatTime(booking.endTime)}`}
                start={booking.startsAt}
                end={booking.endsAt}
                zone={zone}
                yoursClassName="text-sm font-normal text-slate-300"
              />
            </span>
            .
          </p>
          <DateTimePicker
            booked={booked}
            current={{ date: booking.date, time: booking.startTime }}
            duration={booking.duration}
            busy={busy}
            zone={zone}
            onSubmit={(choice) => onSubmit(booking, choice)}
          />
        </div>
      )}
    </Modal>
  );
}
