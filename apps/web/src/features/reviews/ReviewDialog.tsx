import { MSG, REVIEW_TEXT_MAX, REVIEW_WINDOW_DAYS, type Booking } from "@vam/shared";
import Send from "lucide-react/icons/send";
import { useId, useRef, useState, type FormEvent } from "react";
import { Modal } from "../../components/Modal";
import { SubmitButton } from "../../components/SubmitButton";
import { CharacterCount } from "../../components/form/CharacterCount";
import { FormAlert } from "../../components/form/FormAlert";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { StarRatingInput } from "./StarRatingInput";
import { reviewSubmitHref } from "./reviews-routes";

interface ReviewDialogProps {
  booking: Booking;
  /** The other party's full name: the person being reviewed. */
  otherName: string;
  onClose: () => void;
  /** After the server accepted the review, with the booking it sent back; the dialog closes once this settles. */
  onSubmitted: (booking: Booking) => Promise<unknown> | void;
}

/** "Review {name}": 1 to 5 stars and an optional plain text. Mount it to open it. */
export function ReviewDialog({ booking, otherName, onClose, onSubmitted }: ReviewDialogProps) {
  const formId = useId();
  const textId = useId();
  const countId = useId();
  const noteId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState("");
  const [ratingError, setRatingError] = useState<string | null>(null);
  // The review goes through its route action; the dialog closes once the parent has taken the answer in.
  const [closing, setClosing] = useState(false);
  const review = useActionFetcher<Booking>(reviewSubmitHref(booking.id), {
    onAnswer: (answer) => {
      if (!answer.ok) return;
      setClosing(true);
      void Promise.resolve(onSubmitted(answer.data)).finally(onClose);
    },
  });
  const busy = review.busy || closing;
  const error = review.error;

  const close = () => {
    if (!busy) onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (rating === null) {
      setRatingError(MSG.reviewRatingInvalid);
      formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    void review.submit({ rating, text: text.trim() || null });
  };

  return (
    <Modal
      open
      onClose={close}
      title={`Review ${otherName}`}
      className="max-w-lg"
      footer={
        <>
          <button type="button" className="btn-secondary" disabled={busy} onClick={close}>
            Cancel
          </button>
          <SubmitButton busy={busy} form={formId}>
            {!busy && <Send aria-hidden="true" className="size-4" />}
            Submit review
          </SubmitButton>
        </>
      }
    >
      <form id={formId} ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-describedby={noteId} className="space-y-5">
        <p id={noteId} className="text-sm text-slate-400">
          Reviews stay hidden until you have both written one or the {REVIEW_WINDOW_DAYS} days are over. A review cannot be changed once it is
          submitted.
        </p>
        <FormAlert message={error} />
        <StarRatingInput
          value={rating}
          disabled={busy}
          error={ratingError}
          onChange={(stars) => {
            setRating(stars);
            setRatingError(null);
          }}
        />
        <div className="space-y-1.5">
          <label htmlFor={textId} className="block text-sm font-medium text-slate-200">
            Your review (optional)
          </label>
          <textarea
            id={textId}
            value={text}
            maxLength={REVIEW_TEXT_MAX}
            rows={5}
            disabled={busy}
            aria-describedby={countId}
            onChange={(event) => setText(event.target.value)}
            className="input min-h-28 resize-y"
          />
          <CharacterCount id={countId} length={text.length} max={REVIEW_TEXT_MAX} />
        </div>
      </form>
    </Modal>
  );
}
