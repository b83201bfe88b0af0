import type { Posting, PostingInput } from "@vam/shared";
import { useEffect, useState } from "react";
import { Modal } from "../../components/Modal";
import { FormAlert } from "../../components/form/FormAlert";
import { updateErrorMessage } from "../profile/update-error";
import { PostingForm } from "./PostingForm";
import { EMPTY_POSTING, postingFormValues } from "./posting-form-values";
import { fetchPosting } from "./postings-api";

/** What the editor works on: a new posting, or an existing one by id. */
export type EditorTarget = { mode: "create" } | { mode: "edit"; postingId: string };

type Loaded = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; values: PostingInput };

interface PostingEditorProps {
  target: EditorTarget;
  onClose: () => void;
  onSaved: (posting: Posting) => void;
}

export function PostingEditor({ target, onClose, onSaved }: PostingEditorProps) {
  const editId = target.mode === "edit" ? target.postingId : undefined;
  const [loaded, setLoaded] = useState<Loaded>(editId ? { status: "loading" } : { status: "ready", values: EMPTY_POSTING });

  useEffect(() => {
    if (!editId) return;
    let cancelled = false;
    fetchPosting(editId)
      .then((posting) => {
        if (!cancelled) setLoaded({ status: "ready", values: postingFormValues(posting) });
      })
      .catch((error: unknown) => {
        if (!cancelled) setLoaded({ status: "failed", message: updateErrorMessage(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [editId]);

  return (
    <Modal open onClose={onClose} title={editId ? "Edit posting" : "New posting"} className="max-w-3xl">
      {loaded.status === "loading" && (
        <p role="status" className="text-sm text-slate-400">
          Loading...
        </p>
      )}
      {loaded.status === "failed" && <FormAlert message={loaded.message} />}
      {loaded.status === "ready" && <PostingForm postingId={editId} defaultValues={loaded.values} onSaved={onSaved} onCancel={onClose} />}
    </Modal>
  );
}
