import { ComingSoonPage } from "./ComingSoonPage";

export const BookingsPage = () => <ComingSoonPage title="Bookings" />;
export const BookingDashboardPage = () => <ComingSoonPage title="Booking Dashboard" />;
