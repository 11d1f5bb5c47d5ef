import { z } from 'zod/mini';

/*
 * product §2 Machine search / list / detail, §3 Machine inventory, Campaign, Policy, Claim,
 * Fault-code row, Customer-search result, Machine list item; §5 and §8 messages.
 * Field names follow product §3 so the screens read like the spec.
 */

export const MACHINE_NOT_FOUND_MESSAGE = 'Machine Not Found';
export const CUSTOMER_SEARCH_REQUIRED_MESSAGE = 'You must fill atleast one field';
export const CUSTOMER_SEARCH_FIRST_NAME_ALONE_MESSAGE =
  'Searching by First Name alone is not supported. Please add another field.';
export const CUSTOMER_SEARCH_STATE_ALONE_MESSAGE =
  'Searching only by State is not supported at this time. Please add another field.';
/** product §8: customer search answered 400 / failed otherwise. */
export const CUSTOMER_SEARCH_400_MESSAGE =
  'Search encountered an error. Please modify your search and try again.';
export const CUSTOMER_SEARCH_FAILED_MESSAGE = 'Search encountered an error.';
export const CUSTOMER_SEARCH_LIMIT = 500;
/** product §9: model typeahead needs 3 model and 5 serial characters. */
export const MODEL_TYPEAHEAD_MIN_MODEL = 3;
export const MODEL_TYPEAHEAD_MIN_SERIAL = 5;
export { PIN_LENGTH, SERIAL_LENGTH } from './machine-numbers';

export const faultSeveritySchema = z.enum(['High', 'Medium', 'Low']);
export type FaultSeverity = z.infer<typeof faultSeveritySchema>;

export const campaignSchema = z.object({
  campaignName: z.string(),
  campaignType: z.string(),
  /** YYYY-MM-DD. */
  campaignEndDate: z.nullable(z.string()),
  isMandatory: z.boolean(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const policyUsageSchema = z.object({
  usageReadingType: z.string(),
  maximumUnit: z.nullable(z.number()),
  unitsOfMeasure: z.string(),
});

export const policySchema = z.object({
  policyName: z.string(),
  policyType: z.string(),
  policyCode: z.string(),
  /** YYYY-MM-DD. */
  warrantyStartDate: z.string(),
  warrantyEndDate: z.string(),
  pdInventoryUsages: z.array(policyUsageSchema),
});
export type Policy = z.infer<typeof policySchema>;

export const claimSchema = z.object({
  claimNumber: z.string(),
  claimType: z.string(),
  inventorySerialNumber: z.string(),
  modelNumber: z.string(),
  dealer: z.string(),
  /** YYYY-MM-DD. */
  dateOfRepair: z.string(),
  symptomDescription: z.string(),
  defectDescription: z.string(),
  causalPartDescription: z.string(),
  causalPartNumber: z.string(),
  machineUsageReading: z.nullable(z.number()),
  serviceCampaign: z.nullable(z.string()),
});
export type Claim = z.infer<typeof claimSchema>;

/** product §3 Fault-code row, from the machine's own telematics data (product §2 Machine detail). */
export const faultCodeSchema = z.object({
  hrReading: z.number(),
  spn: z.int(),
  fmi: z.int(),
  sa: z.int(),
  epCode: z.string(),
  description: z.string(),
  severity: faultSeveritySchema,
});
export type FaultCode = z.infer<typeof faultCodeSchema>;

/** Major component info: what is fitted to the machine (engine, transmission, ...). */
export const majorComponentSchema = z.object({
  componentType: z.string(),
  description: z.string(),
  partNumber: z.string(),
  serialNumber: z.string(),
  /** YYYY-MM-DD. */
  installedOn: z.nullable(z.string()),
});
export type MajorComponent = z.infer<typeof majorComponentSchema>;

/** product §3 Machine inventory response, plus the icon, the servicing dealer's id and telematics. */
export const machineDetailSchema = z.object({
  inventoryId: z.string(),
  serialNumber: z.string(),
  materialNumber: z.string(),
  materialNumberDescription: z.string(),
  productIdentificationNo: z.string(),
  /** Model family (StockIconMap key), e.g. "Tractor". */
  modelFamily: z.string(),
  /** Same-origin URL of the machine's icon (by model family). */
  iconUrl: z.string(),
  imei: z.nullable(z.string()),
  endCustomerName: z.nullable(z.string()),
  endCustomerCity: z.nullable(z.string()),
  endCustomerState: z.nullable(z.string()),
  servicingDealerId: z.nullable(z.string()),
  servicingDealerName: z.nullable(z.string()),
  isStolenInventory: z.boolean(),
  isPreOwned: z.boolean(),
  isScrapped: z.boolean(),
  isAuction: z.boolean(),
  isDonated: z.boolean(),
  isModified: z.boolean(),
  hasKtac: z.boolean(),
  campaigns: z.array(campaignSchema),
  policies: z.array(policySchema),
  claims: z.array(claimSchema),
  faultCodes: z.array(faultCodeSchema),
  majorComponents: z.array(majorComponentSchema),
});
export type MachineDetail = z.infer<typeof machineDetailSchema>;

const text = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`))),
    z.transform((v) => (v ? v : undefined)),
  );

/** SearchInventory: serial + model, or the PIN (product §5 "Machine detail needs ..."). */
export const machineLookupQuerySchema = z
  .object({ serial: text(40), model: text(40), pin: text(40) })
  .check(
    z.refine((q) => Boolean((q.serial && q.model) || q.pin), {
      message: MACHINE_NOT_FOUND_MESSAGE,
    }),
  );
export type MachineLookupQuery = z.infer<typeof machineLookupQuerySchema>;

export const machineLookupResponseSchema = z.object({ machine: machineDetailSchema });

/** SearchModel: the model typeahead (3 model + 5 serial characters). */
export const modelTypeaheadQuerySchema = z.object({
  model: z
    .string()
    .check(
      z.trim(),
      z.minLength(
        MODEL_TYPEAHEAD_MIN_MODEL,
        `Type at least ${MODEL_TYPEAHEAD_MIN_MODEL} model characters`,
      ),
      z.maxLength(40),
    ),
  serial: z
    .string()
    .check(
      z.trim(),
      z.minLength(
        MODEL_TYPEAHEAD_MIN_SERIAL,
        `Type at least ${MODEL_TYPEAHEAD_MIN_SERIAL} serial characters`,
      ),
      z.maxLength(40),
    ),
});
export const modelTypeaheadResponseSchema = z.object({
  /** 'Failure' carries a message the screen shows (product §8). */
  status: z.enum(['Success', 'Failure']),
  message: z.string(),
  modelList: z.array(z.object({ materialNumber: z.string(), description: z.string() })),
});
export type ModelTypeaheadResponse = z.infer<typeof modelTypeaheadResponseSchema>;

/**
 * product §5 customer search rules, shared so the form and the gateway say the same.
 * Returns the message of the first rule broken, or null.
 */
export function customerSearchProblem(q: {
  firstName?: string;
  lastName?: string;
  city?: string;
  state?: string;
}): string | null {
  const has = (v?: string) => Boolean(v && v.trim());
  const { firstName, lastName, city, state } = q;
  if (!has(firstName) && !has(lastName) && !has(city) && !has(state)) {
    return CUSTOMER_SEARCH_REQUIRED_MESSAGE;
  }
  if (has(firstName) && !has(lastName) && !has(city) && !has(state)) {
    return CUSTOMER_SEARCH_FIRST_NAME_ALONE_MESSAGE;
  }
  if (has(state) && !has(firstName) && !has(lastName) && !has(city)) {
    return CUSTOMER_SEARCH_STATE_ALONE_MESSAGE;
  }
  return null;
}

export const customerSearchQuerySchema = z
  .object({
    firstName: text(80),
    lastName: text(80),
    city: text(80),
    state: text(2).check(
      z.refine((v) => v === undefined || /^[A-Za-z]{2}$/.test(v), {
        message: 'State must be a 2-letter code',
      }),
    ),
  })
  .check(
    z.superRefine((q, ctx) => {
      const problem = customerSearchProblem(q);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  );
export type CustomerSearchQuery = z.infer<typeof customerSearchQuerySchema>;

/** product §3 Machine list item / Customer-search result. */
export const machineListItemSchema = z.object({
  serialNumber: z.string(),
  /** Material_Name1__c: the model. */
  materialNumber: z.string(),
  description: z.string(),
  productIdentificationNo: z.string(),
  endCustomerName: z.nullable(z.string()),
  /** Billing_Dealer_City__c. */
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  servicingDealerName: z.nullable(z.string()),
  iconUrl: z.string(),
});
export type MachineListItem = z.infer<typeof machineListItemSchema>;

export const customerSearchResponseSchema = z.object({
  machines: z.array(machineListItemSchema),
  /** True when more than CUSTOMER_SEARCH_LIMIT machines matched (the list is cut there). */
  truncated: z.boolean(),
});
export type CustomerSearchResponse = z.infer<typeof customerSearchResponseSchema>;

/** Cases and reports per model and serial (product §7; reports for internal users only). */
export const machineRecordsQuerySchema = z.object({
  serial: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
  model: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
});
export const caseSummarySchema = z.object({
  id: z.string(),
  caseNumber: z.string(),
  status: z.string(),
  subject: z.string(),
  /** ISO date-time: the newest of creation, last update and newest feed entry; lists sort by it. */
  lastActivityAt: z.string(),
  /**
   * The feed has entries from anyone but the caller newer than the caller last opened the case.
   * Rows kept on a device from before the gateway said so have none.
   */
  unread: z.optional(z.boolean()),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;
export const machineRecordsResponseSchema = z.object({ records: z.array(caseSummarySchema) });

/** "Prepare for the field": one dealer's machines with their details, page by page. */
export const FIELD_PACK_PAGE_MAX = 500;
export const fieldPackQuerySchema = z.object({
  /** Internal users pick a dealer; external users get their own (another is refused). */
  dealerId: text(40),
  /** Opaque cursor from the previous page. */
  after: text(80),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(FIELD_PACK_PAGE_MAX)), 200),
});
export const fieldPackResponseSchema = z.object({
  dealerId: z.string(),
  dealerName: z.string(),
  /** All machines of the dealer (for the progress bar). */
  total: z.int(),
  machines: z.array(machineDetailSchema),
  /** Cursor of the next page; null on the last. */
  next: z.nullable(z.string()),
});
export type FieldPackResponse = z.infer<typeof fieldPackResponseSchema>;
