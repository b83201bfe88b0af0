import type { Posting, PostingData, ProjectPost } from "@vam/shared";
import Pencil from "lucide-react/icons/pencil";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PostingCard } from "./PostingCard";
import { PostingEditor, editTarget, type EditorTarget } from "./PostingEditor";
import { postingsHref } from "./postings-routes";

const EDIT_PARAM = "editPosting";

/** The Assistant's postings on /profile, with create, edit and delete. */
export function MyPostings({ postings }: { postings: ProjectPost[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const editFromUrl = searchParams.get(EDIT_PARAM);
  const [target, setTarget] = useState<EditorTarget | null>(() => (editFromUrl ? editTarget(editFromUrl) : null));
  const [toDelete, setToDelete] = useState<ProjectPost | null>(null);
  // The postings data route's action deletes it; the dialog closes when it worked.
  const remove = useActionFetcher(toDelete ? postingsHref(toDelete.id) : undefined);
  // The postings data routes' action saves it; the editor closes when it worked.
  const save = useActionFetcher<Posting>(postingsHref(target?.mode === "edit" ? target.postingId : undefined));

  const openEditor = (next: EditorTarget) => {
    save.reset();
    setTarget(next);
  };

  // '/{id}' links here with ?editPosting=: the address should not reopen the editor.
  const forgetEditParam = () => {
    if (!editFromUrl) return;
    setSearchParams(
      (params) => {
        params.delete(EDIT_PARAM);
        return params;
      },
      { replace: true },
    );
  };

  const closeEditor = () => {
    setTarget(null);
    forgetEditParam();
  };

  const onSave = (data: PostingData) => {
    void save.submit({ ...data }, target?.mode === "edit" ? "put" : "post").then(forgetEditParam);
  };

  return (
    <section aria-labelledby="my-postings-heading" className="card p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-postings-heading" className="text-lg font-semibold text-white">
          My Postings
        </h2>
        <button type="button" className="btn-primary" onClick={() => openEditor({ mode: "create" })}>
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
                  onClick={() => openEditor(editTarget(posting.id))}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </button>
                <button
                  type="button"
                  className="btn-ghost flex-1 px-3 py-1.5 text-rose-300 hover:bg-rose-500/15 hover:text-rose-200"
                  aria-label={`Delete ${posting.title}`}
                  onClick={() => {
                    remove.reset();
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

      {target && !save.done && (
        <PostingEditor
          key={target.mode === "edit" ? target.postingId : "new"}
          target={target}
          onClose={closeEditor}
          onSave={onSave}
          saving={save.busy}
          refusal={save.result?.ok === false ? save.result : null}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null && !remove.done}
        title="Delete this posting?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.busy}
        error={remove.error}
        onConfirm={() => void remove.submit({}, "delete")}
        onCancel={() => setToDelete(null)}
      >
        &ldquo;{toDelete?.title}&rdquo; will be removed for good.
      </ConfirmDialog>
    </section>
  );
}
