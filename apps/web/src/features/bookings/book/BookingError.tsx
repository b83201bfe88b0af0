import { useNavigate } from "react-router";
import { ErrorScreen } from "../../../layouts/RouteError";

/** Why this booking cannot go on, and the way back. */
export function BookingError({ message }: { message: string }) {
  const navigate = useNavigate();
  const goBack = (
    <button type="button" className="btn-primary mt-6" onClick={() => void navigate(-1)}>
      Go Back
    </button>
  );
  return <ErrorScreen message={message} action={goBack} />;
}
