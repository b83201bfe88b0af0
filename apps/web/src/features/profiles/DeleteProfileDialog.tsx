import { useState } from "react";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { deleteListing } from "./profiles-api";

interface DeleteProfileDialogProps {
  open: boolean;
  listingId: string;
  onCancel: () => void;
  onDeleted: () => void;
}

export function DeleteProfileDialog({ open, listingId, onCancel, onDeleted }: DeleteProfileDialogProps) {
  const [deleting, setDeleting] = useState(false);

  const onConfirm = async () => {
    setDeleting(true);
    try {
      await deleteListing(listingId);
    } catch {
      setDeleting(false);
      window.alert("Error deleting post. Please try again.");
      return;
    }
    onDeleted();
  };

  return (
    <ConfirmDialog
      open={open}
      title="Delete Profile"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={deleting}
      onConfirm={() => void onConfirm()}
      onCancel={onCancel}
    >
      Are you sure you want to delete this profile? This action cannot be undone.
    </ConfirmDialog>
  );
}
