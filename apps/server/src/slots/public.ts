/**
 * What a booking holds and the locks its writes take (the rule itself is the shared `slotRefusal`):
 * below bookings and time off, which both use it.
 */
export {
  assertBookableStart,
  bookingEnd,
  freeSlots,
  HOLDING,
  holdingBookings,
  lockBookableConsultant,
  lockClient,
  lockConsultant,
  rethrowSlotTaken,
  slotsHeld,
} from "./slots.js";
