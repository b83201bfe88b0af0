import { formatLongDate, formatTime, type BookedSlot, type Booking } from "@vam/shared";
import { Modal } from "../../components/Modal";
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
}

/** 'Reschedule Booking': the date picker in reschedule mode, the booking's current slot labelled Current. */
export function BookingRescheduleModal({ booking, booked, otherName, busy, onSubmit, onClose }: BookingRescheduleModalProps) {
  return (
    <Modal open={booking !== null} onClose={() => !busy && onClose()} title="Reschedule Booking" className="max-w-3xl">
      {booking && (
        <div className="space-y-4">
          <p className="text-sm text-slate-300">
            Your booking with <span className="font-medium text-white">{otherName}</span> is on{" "}
            <span className="font-medium text-white">
              {formatLongDate(booking.date)}, {formatTime(booking.startTime)} - {formatTime(booking.endTime)}
            </span>
            .
          </p>
          <DateTimePicker
            booked={booked}
            current={{ date: booking.date, time: booking.startTime }}
            duration={booking.duration}
            busy={busy}
            onSubmit={(choice) => onSubmit(booking, choice)}
          />
        </div>
      )}
    </Modal>
  );
}
