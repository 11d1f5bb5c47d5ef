import { endpoint } from '../endpoint';
import {
  deviceQuerySchema,
  deviceRegistrationSchema,
  deviceSchema,
  vapidKeySchema,
} from '../notifications';

/* product §7 RegisterDevice: the browsers that receive the caller's pushes. */

export const getVapidKey = endpoint({
  method: 'GET',
  path: '/api/v1/push/vapid-key',
  summary: "The gateway's VAPID public key, to subscribe with",
  access: 'user',
  scope: 'public',
  responses: { 200: vapidKeySchema },
});

export const registerDevice = endpoint({
  method: 'POST',
  path: '/api/v1/push/devices',
  summary: "Registers this browser's push subscription for the caller",
  access: 'user',
  scope: 'caller',
  body: deviceRegistrationSchema,
  responses: { 201: deviceSchema },
  errors: { 409: "the subscription is another user's device" },
});

export const unregisterDevice = endpoint({
  method: 'DELETE',
  path: '/api/v1/push/devices',
  summary: 'Forgets a push subscription of the caller',
  access: 'user',
  scope: 'caller',
  query: deviceQuerySchema,
  responses: { 204: null },
});
