import { ApiError } from '../api/errors';
import { fetchVapidKey, registerDevice, unregisterDevice } from '../api/notifications';

/*
 * This device's Web Push subscription (product §2 Push): asked for only from a clear prompt
 * after sign-in or the switch in Settings, never on first load.
 */

/** pushManager.subscribe can hang where no push service answers (headless browsers). */
const SUBSCRIBE_TIMEOUT_MS = 15_000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** VAPID public keys travel base64url; PushManager wants the bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  return (await registration()).pushManager.getSubscription();
}

/**
 * Asks for permission (the browser's prompt), subscribes with the gateway's VAPID key and
 * registers the device. Answers whether push is on.
 */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) return false;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return false;
  const reg = await registration();
  const key = await fetchVapidKey();
  const subscribe = () =>
    Promise.race([
      reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('No push service answered')), SUBSCRIBE_TIMEOUT_MS),
      ),
    ]);
  const subscription = (await reg.pushManager.getSubscription()) ?? (await subscribe());
  try {
    return await register(subscription);
  } catch (error) {
    // The subscription still belongs to the account last signed in here (it never signed
    // out): a fresh one, with new keys, is this user's.
    if (!(error instanceof ApiError && error.errorCode === 'push-device-taken')) throw error;
    await subscription.unsubscribe();
    return register(await subscribe());
  }
}

async function register(subscription: PushSubscription): Promise<boolean> {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
  await registerDevice({
    subscription: {
      endpoint: json.endpoint,
      keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
    },
    platform: 'PWA',
  });
  return true;
}

export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await unregisterDevice(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}
