import { z } from 'zod';

export const DEALER_LOOKUP_REQUIRED_MESSAGE = 'Atleast one field is required';

const field = z
  .string()
  .trim()
  .max(100, 'Each field is at most 100 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * product §2/§5 Dealer lookup: city, state, dealer name, dealer number; inputs trimmed, at least
 * one required. The name is a contains match; state is the 2-letter code (DC included).
 */
export const dealerQuerySchema = z
  .object({
    city: field,
    state: field.refine((v) => v === undefined || /^[A-Za-z]{2}$/.test(v), {
      message: 'State must be a 2-letter code',
    }),
    name: field,
    number: field,
  })
  .refine((q) => Boolean(q.city || q.state || q.name || q.number), {
    message: DEALER_LOOKUP_REQUIRED_MESSAGE,
  });
export type DealerQuery = z.infer<typeof dealerQuerySchema>;

/** product §3 Dealer: Id (org_id), Name, City, State/Province, plus the dealer number. */
export const dealerSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type Dealer = z.infer<typeof dealerSchema>;

export const dealerListSchema = z.object({ dealers: z.array(dealerSchema) });
export type DealerList = z.infer<typeof dealerListSchema>;
