// Linted in place of a server feature's file (`apps/server/src/referrals/routes.ts`): it reaches
// into another feature's internal file instead of that feature's public module.
export { partyBooking } from "../bookings/queries.js";
