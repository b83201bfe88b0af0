import { FLASH_MS } from "@vam/shared";
import { Toaster } from "sonner";

/** The toasts' container as the app shows it; loaded with sonner at the first interaction (DeferredToaster). */
export default function AppToaster() {
  return <Toaster theme="dark" duration={FLASH_MS} richColors closeButton />;
}
