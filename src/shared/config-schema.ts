import { z } from 'zod'

/**
 * Runtime configuration the server hands to the browser at `GET /api/config`.
 * Only public values: ids and URLs that end up in the page anyway.
 */
export const publicConfigSchema = z.object({
  /** Google Tag Manager container id (GTM-XXXX); null disables the tag manager. */
  gtmId: z.string().min(1).nullable(),
  /** Script URL of the support chat widget; null disables the widget. */
  supportWidgetSrc: z.string().min(1).nullable(),
  /** True when e-mails go to the embedded outbox instead of SMTP (local mailbox page exists). */
  embeddedMailbox: z.boolean(),
  productName: z.string().min(1),
})

export type PublicConfig = z.infer<typeof publicConfigSchema>
