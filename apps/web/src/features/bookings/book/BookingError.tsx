import { useNavigate } from "react-router";
import { ErrorScreen } from "../../../components/RouteError";

/** Why this booking cannot go on, and the way back; a `refusal` (e.g. booking oneself) shows only its message. */
export function BookingError({ message, refusal = false }: { message: string; refusal?: boolean }) {
  const navigate = useNavigate();
  const goBack = (
    <button type="button" className="btn-primary mt-6" onClick={() => void navigate(-1)}>
      Go Back
    </button>
  );
  return <ErrorScreen message={message} action={goBack} refusal={refusal} />;
}
