import { PAGE_LOADING } from "../../components/LoadingFallback";
import { dataRoutesIn, pageRoute, readOnce, type FeatureRoutes } from "../../components/route-helpers";
import {
  BOOKED_SLOTS_PATH,
  BOOKING_CHANGE_PATH,
  CANCELLATION_QUOTE_PATH,
  FREE_TIMES_PATH,
  PAYMENT_PATH,
  SERIES_CHANGE_PATH,
} from "../../lib/data-routes";
import { BOOK_CONSULTANT_PAGE, BOOKING_PAGE, BOOKINGS_PAGE } from "../../lib/page-routes";

const dataRoute = dataRoutesIn(() => import("./bookings-data"));

/** The bookings list, on its own address and on one booking's. */
const bookingsPage = (path: string) =>
  pageRoute(path, () => import("./BookingsPage"), {
    loading: PAGE_LOADING.bookings,
    loader: () => import("./bookings-loader").then((module) => module.bookingsLoader),
  });

/** The bookings' pages and data routes (router.tsx places them); each page, with its loader, is its own chunk. */
export const bookingsRoutes: FeatureRoutes = {
  signedInPages: [
    bookingsPage(BOOKINGS_PAGE),
    bookingsPage(BOOKING_PAGE),
    pageRoute(BOOK_CONSULTANT_PAGE, () => import("./BookConsultantPage"), {
      loading: PAGE_LOADING.consultant,
      loader: () => import("./book-consultant-loader").then((module) => module.bookConsultantLoader),
      action: () => import("./bookings-data").then((module) => module.createBookingAction),
    }),
  ],
  dataRoutes: [
    dataRoute(FREE_TIMES_PATH, (module) => ({ loader: module.freeTimesLoader })),
    dataRoute(BOOKED_SLOTS_PATH, (module) => ({ loader: module.bookedSlotsLoader })),
    dataRoute(PAYMENT_PATH, (module) => ({ loader: module.paymentLoader })),
    dataRoute(BOOKING_CHANGE_PATH, (module) => ({ action: module.bookingAction })),
    dataRoute(SERIES_CHANGE_PATH, (module) => ({ action: module.seriesAction })),
    // The cancel dialog's quote: read each time a dialog opens, not again while it stays loaded (after a write, on socket events).
    dataRoute(CANCELLATION_QUOTE_PATH, (module) => ({ loader: module.cancellationQuoteLoader }), readOnce),
  ],
};
