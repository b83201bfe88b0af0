/**
 * What other features may use of time off: whether a date is a regular holiday, and the slots a
 * consultant's time off holds (a booking refuses them).
 */
export { isRegularHoliday } from "./holidays.js";
export { assertNotOff, offOwner, offSlots, offSlotSet } from "./queries.js";
