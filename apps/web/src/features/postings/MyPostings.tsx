import type { ProjectPost } from "@vam/shared";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { updateErrorMessage } from "../profile/update-error";
import { PostingCard } from "./PostingCard";
import { PostingEditor, type EditorTarget } from "./PostingEditor";
import { deletePosting } from "./postings-api";

const EDIT_PARAM = "editPosting";

/** The Assistant's postings on /profile, with create, edit and delete. */
export function MyPostings({ postings }: { postings: ProjectPost[] }) {
  const revalidator = useRevalidator();
  const [searchParams, setSearchParams] = useSearchParams();
  const editFromUrl = searchParams.get(EDIT_PARAM);
  const [target, setTarget] = useState<EditorTarget | null>(editFromUrl ? { mode: "edit", postingId: editFromUrl } : null);
  const [toDelete, setToDelete] = useState<ProjectPost | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const closeEditor = () => {
    setTarget(null);
    // '/{id}' links here with ?editPosting=: the address should not reopen the editor.
    if (!editFromUrl) return;
    setSearchParams(
      (params) => {
        params.delete(EDIT_PARAM);
        return params;
      },
      { replace: true },
    );
  };

  const onDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deletePosting(toDelete.id);
      setToDelete(null);
      toast.success("Posting deleted");
      await revalidator.revalidate();
    } catch (error) {
      setDeleteError(updateErrorMessage(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <section aria-labelledby="my-postings-heading" className="card p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-postings-heading" className="text-lg font-semibold text-white">
          My Postings
        </h2>
        <button type="button" className="btn-primary" onClick={() => setTarget({ mode: "create" })}>
          <Plus aria-hidden="true" className="size-4" />
          New posting
        </button>
      </div>

      {postings.length === 0 ? (
        <p className="text-sm text-slate-400">You haven&apos;t created any postings yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {postings.map((posting) => (
            <li key={posting.id} className="flex [&>article]:w-full">
              <PostingCard posting={posting}>
                <button
                  type="button"
                  className="btn-secondary flex-1 px-3 py-1.5"
                  aria-label={`Edit ${posting.title}`}
                  onClick={() => setTarget({ mode: "edit", postingId: posting.id })}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </button>
                <button
                  type="button"
                  className="btn-ghost flex-1 px-3 py-1.5 text-rose-300 hover:bg-rose-500/15 hover:text-rose-200"
                  aria-label={`Delete ${posting.title}`}
                  onClick={() => {
                    setDeleteError(null);
                    setToDelete(posting);
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </button>
              </PostingCard>
            </li>
          ))}
        </ul>
      )}

      {target && (
        <PostingEditor
          key={target.mode === "edit" ? target.postingId : "new"}
          target={target}
          onClose={closeEditor}
          onSaved={() => {
            closeEditor();
            toast.success("Posting saved");
            void revalidator.revalidate();
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this posting?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        error={deleteError}
        onConfirm={() => void onDelete()}
        onCancel={() => setToDelete(null)}
      >
        &ldquo;{toDelete?.title}&rdquo; will be removed for good.
      </ConfirmDialog>
    </section>
  );
}
