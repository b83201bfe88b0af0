import type { CreateTimeOffInput, TimeOffOverview, TimeOffView } from "@vam/shared";
import { api } from "../../api/client";

/** `GET /time-off`: the Assistant's blocks from today on, their holiday switch and the holidays ahead. */
export const fetchTimeOff = () => api.get<TimeOffOverview>("/time-off");

/** `POST /time-off`: blocks weekdays, or one slot of one date (409 with the bookings it would cover). */
export const createTimeOff = async (input: CreateTimeOffInput) => (await api.post<{ timeOff: TimeOffView }>("/time-off", input)).timeOff;

/** `DELETE /time-off/{id}`. */
export const removeTimeOff = (id: string) => api.delete<{ message: string }>(`/time-off/${encodeURIComponent(id)}`);

/**
 * `PUT /time-off/holidays`: whether the regular holidays are time off (409 with the holidays that
 * hold bookings); `keepBooked` takes the others off and keeps those as working days.
 */
export const setHolidaysOff = (on: boolean, keepBooked = false) =>
  api.put<TimeOffOverview>("/time-off/holidays", keepBooked ? { on, keepBooked } : { on });
