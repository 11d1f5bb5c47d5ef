import { z } from 'zod/mini';

export const DEALER_LOOKUP_REQUIRED_MESSAGE = 'Atleast one field is required';

const field = z.pipe(
  z.optional(z.string().check(z.trim(), z.maxLength(100, 'Each field is at most 100 characters'))),
  z.transform((v: string | undefined) => (v ? v : undefined)),
);

/**
 * product §2/§5 Dealer lookup: city, state, dealer name, dealer number; inputs trimmed, at least
 * one required. The name is a contains match; state is the 2-letter code (DC included).
 */
export const dealerQuerySchema = z
  .object({
    city: field,
    state: field.check(
      z.refine((v) => v === undefined || /^[A-Za-z]{2}$/.test(v), {
        message: 'State must be a 2-letter code',
      }),
    ),
    name: field,
    number: field,
  })
  .check(
    z.refine((q) => Boolean(q.city || q.state || q.name || q.number), {
      message: DEALER_LOOKUP_REQUIRED_MESSAGE,
    }),
  );
export type DealerQuery = z.infer<typeof dealerQuerySchema>;

/** product §3 Dealer: Id (org_id), Name, City, State/Province, plus the dealer number. */
export const dealerSchema = z.object({
  id: z.string(),
  name: z.string(),
  number: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
});
export type Dealer = z.infer<typeof dealerSchema>;

export const dealerListSchema = z.object({ dealers: z.array(dealerSchema) });
export type DealerList = z.infer<typeof dealerListSchema>;
