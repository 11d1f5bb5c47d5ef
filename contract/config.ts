// zod/mini: the sign-in screen reads these, and classic zod is too heavy for its first load.
import { z } from 'zod/mini';
import { knowledgeConfigSchema } from './knowledge-config';

/** Remote configuration (product §3 Remote configuration): links and names a deployment sets. */
export const remoteConfigSchema = z.object({
  productName: z.string(),
  version: z.string(),
  callTscNumber: z.string(),
  privacyPolicyUrl: z.string(),
  passwordResetUrl: z.string(),
  /** The knowledge article on resetting a password (the 160-day banner links it). */
  passwordArticleUrl: z.string(),
  training: z.object({
    certifiedServiceTechCourse: z.string(),
    serviceCoursesCatalog: z.string(),
    technicianCertificationGuide: z.string(),
  }),
  productDeliveryInspectionUrl: z.string(),
  crmFrontDoorUrl: z.string(),
  communityUrl: z.string(),
  qualityReportUrl: z.string(),
  partsPdfUrl: z.string(),
  /**
   * The knowledge article behind the telematics search's 'Installation Guides' button
   * (product §3: data in the gateway's database). Optional only because a configuration
   * cached by an older version lacks it.
   */
  installationGuidesArticleId: z.optional(z.string()),
  /** Knowledge tabs, facets and templates (product §3). Optional for the same reason. */
  knowledge: z.optional(knowledgeConfigSchema),
});
export type RemoteConfig = z.infer<typeof remoteConfigSchema>;
