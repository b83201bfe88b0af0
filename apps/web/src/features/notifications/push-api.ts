import type { PushSettings } from "@vam/shared";
import { api } from "../../api/client";

/** Web push on the server (decision 0024): its key, this account's devices and the kinds pushed. */

export async function fetchPushKey(): Promise<string> {
  return (await api.get<{ publicKey: string }>("/push/key")).publicKey;
}

/** The endpoints of the account's devices that receive pushes. */
export async function fetchPushEndpoints(): Promise<string[]> {
  return (await api.get<{ subscriptions: { endpoint: string }[] }>("/push/subscriptions")).subscriptions.map((device) => device.endpoint);
}

export async function fetchPushSettings(): Promise<PushSettings> {
  return (await api.get<{ settings: PushSettings }>("/push/settings")).settings;
}

export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await api.post("/push/subscriptions", subscription);
}

export async function removePushSubscription(endpoint: string): Promise<void> {
  await api.delete(`/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`);
}

export async function savePushSettings(changes: Partial<PushSettings>): Promise<PushSettings> {
  return (await api.put<{ settings: PushSettings }>("/push/settings", changes)).settings;
}
