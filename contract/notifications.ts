import { z } from 'zod/mini';

/** product §3 Notification (list): what a message is about. */
export const NOTIFICATION_TYPES = ['Knowledge', 'Machine', 'Case', 'Report'] as const;
export type NotificationKind = (typeof NOTIFICATION_TYPES)[number];

/** product §5 Notification form: the knowledge facets a Knowledge message points at. */
export const KNOWLEDGE_FACETS = ['General', 'Manuals', 'Campaigns', 'Bulletins'] as const;

export const MISSING_FIELDS_MESSAGE =
  'You have missing required fields. Please fill them in and try again.';
export const INCOMPLETE_FILTERS_MESSAGE =
  'You have incomplete filters. Please remove incomplete filters and try again.';
export const NO_RECIPIENTS_MESSAGE = 'Please revise your filters to include someone';
export const DUPLICATE_FILTER_MESSAGE = 'Each filter field can be picked only once.';
export const DEALER_CONTACTS_ERROR =
  'There was an error fetching dealer contacts, please contact your Administrator.';

/** product §2 Notification dashboard success alert. */
export function sentMessage(count: number): string {
  return `Notification sent to ${count} ${count === 1 ? 'person' : 'people'}!`;
}

/** A message as a recipient has it (product §3 Notification (list)). */
export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** ISO time the message was sent. */
  createdAt: z.string(),
  delivered: z.boolean(),
  read: z.boolean(),
  knowledgeCategory: z.optional(z.string()),
  searchTerm: z.optional(z.string()),
  modelNumber: z.optional(z.string()),
  serialNumber: z.optional(z.string()),
  /** Case or Report: the record the message is about. */
  recordId: z.optional(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ notifications: z.array(notificationSchema) });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** What a push carries: the message, so the service worker can store and show it offline. */
export const pushPayloadSchema = notificationSchema;
export type PushPayload = Notification;

export const vapidKeySchema = z.object({ publicKey: z.string() });

export const PLATFORMS = ['PWA', 'IOS', 'ANDROID'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** product §7 RegisterDevice: a browser's PushSubscription (toJSON()) and its platform. */
export const deviceRegistrationSchema = z.object({
  subscription: z.object({
    endpoint: z
      .url({ protocol: /^https$/, error: 'The push endpoint must be an https URL' })
      .check(z.maxLength(2000)),
    keys: z.object({
      p256dh: z.string().check(z.minLength(1), z.maxLength(200)),
      auth: z.string().check(z.minLength(1), z.maxLength(100)),
    }),
  }),
  platform: z._default(z.enum(PLATFORMS), 'PWA'),
});
export type DeviceRegistration = z.input<typeof deviceRegistrationSchema>;

export const deviceSchema = z.object({ id: z.string(), platform: z.enum(PLATFORMS) });
export const deviceQuerySchema = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(2000)),
});

/** product §3 Notification (dashboard) filter fields and the operators each allows. */
export const FILTER_OPERATORS = {
  Platform: ['Equals'],
  Division__c: ['Equals'],
  AccountNumber: ['Equals', 'Is any'],
  Contract_Series__c: ['Includes'],
} as const;
export type FilterField = keyof typeof FILTER_OPERATORS;
export const FILTER_FIELDS = Object.keys(FILTER_OPERATORS) as FilterField[];
export type FilterOperator = (typeof FILTER_OPERATORS)[FilterField][number];

/** Operators whose value is a list (product §5: comma separated, spaces removed, uppercased). */
export const LIST_OPERATORS: readonly FilterOperator[] = ['Includes', 'Is any'];

/** product §5: spaces removed and uppercased; lists split on commas, empty items dropped. */
export function normaliseFilterValue(operator: string, value: string): string {
  const v = value.replace(/\s+/g, '').toUpperCase();
  if (!LIST_OPERATORS.includes(operator as FilterOperator)) return v;
  return v
    .split(',')
    .filter((s) => s !== '')
    .join(',');
}

export const conditionalSchema = z.pipe(
  z
    .object({
      field: z.string(),
      operator: z.string(),
      value: z.string().check(z.maxLength(2000)),
    })
    .check(
      z.refine(
        (c) =>
          c.field in FILTER_OPERATORS &&
          (FILTER_OPERATORS[c.field as FilterField] as readonly string[]).includes(c.operator) &&
          normaliseFilterValue(c.operator, c.value) !== '',
        { message: INCOMPLETE_FILTERS_MESSAGE },
      ),
    ),
  z.transform((c) => ({
    field: c.field as FilterField,
    operator: c.operator as FilterOperator,
    value: normaliseFilterValue(c.operator, c.value),
  })),
);
export type Conditional = z.input<typeof conditionalSchema>;

const text = (max: number) =>
  z
    .string({ error: MISSING_FIELDS_MESSAGE })
    .check(z.trim(), z.minLength(1, MISSING_FIELDS_MESSAGE), z.maxLength(max));

export const notificationMessageSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('Knowledge'),
      title: text(100),
      body: text(1000),
      knowledgeCategory: z.enum(KNOWLEDGE_FACETS, MISSING_FIELDS_MESSAGE),
      searchTerm: text(200),
    }),
    z.object({
      type: z.literal('Machine'),
      title: text(100),
      body: text(1000),
      modelNumber: text(40),
      serialNumber: text(40),
    }),
  ],
  { error: MISSING_FIELDS_MESSAGE },
);
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

/** product §3 Notification (dashboard) request: execute flag, conditionals, message. */
export const sendRequestSchema = z.object({
  execute: z._default(z.boolean(), false),
  conditionals: z.array(conditionalSchema).check(
    z.maxLength(FILTER_FIELDS.length, DUPLICATE_FILTER_MESSAGE),
    z.refine((cs) => new Set(cs.map((c) => c.field)).size === cs.length, DUPLICATE_FILTER_MESSAGE),
  ),
  message: notificationMessageSchema,
});
export type SendRequest = z.input<typeof sendRequestSchema>;

/** product §7 DeeplinkPushNotifications response: valid, count, success, error. */
export const sendResponseSchema = z.object({
  valid: z.boolean(),
  count: z.int(),
  success: z.boolean(),
  error: z.optional(z.string()),
  broadcastId: z.optional(z.string()),
});
export type SendResponse = z.infer<typeof sendResponseSchema>;

/** product §3 Notification (dashboard) item, with the fan-out's progress. */
export const broadcastSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** Recipients (people). */
  count: z.int(),
  /** Seconds since the epoch. */
  timestamp: z.int(),
  sent: z.int(),
  failed: z.int(),
  pending: z.int(),
});
export type Broadcast = z.infer<typeof broadcastSchema>;
export const broadcastListSchema = z.object({ notifications: z.array(broadcastSchema) });
export type BroadcastList = z.infer<typeof broadcastListSchema>;

/** A dealer contact (product §2 Dealer Contacts): fields the configured sections name. */
export const dealerContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  /** Contact Type__c, e.g. 'Dealer Contact'. */
  type: z.nullable(z.string()),
  division: z.nullable(z.string()),
});
export type DealerContact = z.infer<typeof dealerContactSchema>;

export const DEALER_CONTACT_FIELD_KINDS = ['text', 'email', 'phone'] as const;

/** product §3 remote configuration DealerContactSections: titled sections of contact fields. */
export const dealerContactSectionSchema = z.object({
  title: z.string(),
  /** Which contacts the section lists: every contact, or those of one division. */
  division: z._default(z.nullable(z.string()), null),
  fields: z.array(
    z.object({
      key: z.enum(['name', 'email', 'phone', 'type', 'division']),
      label: z.string(),
      kind: z.enum(DEALER_CONTACT_FIELD_KINDS),
    }),
  ),
});
export type DealerContactSection = z.infer<typeof dealerContactSectionSchema>;

export const dealerContactsSchema = z.object({
  dealer: z.object({ id: z.string(), name: z.string() }),
  sections: z.array(dealerContactSectionSchema),
  contacts: z.array(dealerContactSchema),
});
export type DealerContacts = z.infer<typeof dealerContactsSchema>;
export const dealerContactsQuerySchema = z.object({
  /** Internal users pick a dealer; external users always get their own. */
  dealerId: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
});
