import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useActionFetcher } from "../../lib/useActionFetcher";
import { profileListingHref } from "./profiles-routes";

interface DeleteProfileDialogProps {
  open: boolean;
  listingId: string;
  onCancel: () => void;
}

/**
 * Deletes the owner's listing through its data route's action; busy until the list's loader has
 * run again, which removes the listing (and this dialog with it). A refusal is an alert.
 */
export function DeleteProfileDialog({ open, listingId, onCancel }: DeleteProfileDialogProps) {
  const { submit, busy } = useActionFetcher(profileListingHref(listingId));

  return (
    <ConfirmDialog
      open={open}
      title="Delete Profile"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={() => void submit({}, "delete")}
      onCancel={onCancel}
    >
      Are you sure you want to delete this profile? This action cannot be undone.
    </ConfirmDialog>
  );
}
