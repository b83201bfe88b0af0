import type { Posting, PostingData } from "@vam/shared";
import { Suspense } from "react";
import { Await, useAsyncError } from "react-router";
import { Modal } from "../../components/Modal";
import type { Result } from "../../lib/result";
import { FormAlert } from "../../components/form/FormAlert";
import { updateErrorMessage } from "../../lib/update-error";
import { PostingForm } from "./PostingForm";
import { EMPTY_POSTING, postingFormValues } from "./posting-form-values";
import { fetchPosting } from "./postings-api";

/** What the editor works on: a new posting, or an existing one by id (asked for by whoever opens the editor: `editTarget`). */
export type EditorTarget = { mode: "create" } | { mode: "edit"; postingId: string; posting: Promise<Posting> };

/** Opens the editor on an existing posting: its request starts here, in the handler (or initial state) that opens it. */
export function editTarget(postingId: string): EditorTarget {
  const posting = fetchPosting(postingId);
  // <Await> reports the rejection; this keeps it from also counting as unhandled meanwhile.
  posting.catch(() => undefined);
  return { mode: "edit", postingId, posting };
}

interface PostingEditorProps {
  target: EditorTarget;
  onClose: () => void;
  /** Sends the form (to the postings data route's action). */
  onSave: (data: PostingData) => void;
  saving: boolean;
  /** Why the last save was refused. */
  refusal: Extract<Result<unknown>, { ok: false }> | null;
}

function LoadFailed() {
  return <FormAlert message={updateErrorMessage(useAsyncError())} />;
}

export function PostingEditor({ target, onClose, onSave, saving, refusal }: PostingEditorProps) {
  const form = { onSave, saving, refusal, onCancel: onClose };
  return (
    <Modal open onClose={onClose} title={target.mode === "edit" ? "Edit posting" : "New posting"} className="max-w-3xl">
      {target.mode === "create" ? (
        <PostingForm defaultValues={EMPTY_POSTING} {...form} />
      ) : (
        <Suspense
          fallback={
            <p role="status" className="text-sm text-slate-400">
              Loading...
            </p>
          }
        >
          <Await resolve={target.posting} errorElement={<LoadFailed />}>
            {(posting: Posting) => <PostingForm defaultValues={postingFormValues(posting)} {...form} />}
          </Await>
        </Suspense>
      )}
    </Modal>
  );
}
