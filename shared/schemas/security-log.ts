import { z } from 'zod';
import { auditIdText, idText } from './common';

/** The events of the security log; the audit_log action of each row. */
export const SECURITY_EVENTS = [
  'sign-in',
  'sign-in-failed',
  'lockout',
  'sign-out',
  'sign-out-everywhere',
  'session-ended',
  'access-denied',
  'password-check-failed',
  'password-changed',
  'email-changed',
  'api-key-changed',
  'role-changed',
  'user-deactivated',
  'user-activated',
  'user-deleted',
  'data-exported',
  'backup-made',
  'database-restored',
  'budget-reopened',
] as const;
export const securityEventSchema = z.enum(SECURITY_EVENTS);

/**
 * What any signed-in user causes many of in a day (and can post at will: an export record): left
 * out of the security log's default view, so a flood of them cannot push failed sign-ins, lockouts,
 * role and password changes or backups out of sight.
 */
export const ROUTINE_SECURITY_EVENTS: readonly SecurityEvent[] = [
  'sign-in',
  'sign-out',
  'sign-out-everywhere',
  'session-ended',
  'data-exported',
];
/** 'important': every event but the routine ones; 'all': everything. */
export const SECURITY_LOG_VIEWS = ['important', 'all'] as const;
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityLogQuery = z.strictObject({
  event: securityEventSchema.optional(),
  /** Default: 'important' when neither event nor userId is given, else 'all'. */
  view: z.enum(SECURITY_LOG_VIEWS).optional(),
  userId: idText.optional(),
  /** An audit log id: those are bigint, so the bound is the largest whole number JSON holds exactly. */
  beforeId: auditIdText.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type SecurityLogQuery = z.infer<typeof securityLogQuery>;

export const securityLogEntrySchema = z.object({
  id: z.number().int(),
  event: securityEventSchema,
  /** Who acted: the signed-in user's email, or 'anonymous' for a sign-in attempt. */
  actor: z.string(),
  /** The account concerned, when the attempt named one that exists. */
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  address: z.string().nullable(),
  device: z.string().nullable(),
  /** Reason and flags of the event (never a password, token or key). */
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type SecurityLogEntry = z.infer<typeof securityLogEntrySchema>;

export const securityLogResponse = z.object({ events: z.array(securityLogEntrySchema) });

/**
 * An export the browser made (Excel or CSV of figures it was sent, salaries among them): the file's
 * name and size, so the security log says who took which data out of the app and when.
 */
// Half of a surrogate pair, or a control character: text no file name holds, and which the log's
// JSON column refused with a 500.
const UNWRITABLE =
  /[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const exportRecordBody = z.strictObject({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((name) => !UNWRITABLE.test(name), 'fileName holds characters no file name has'),
  bytes: z.number().int().min(0).max(1_000_000_000),
});
export type ExportRecordBody = z.infer<typeof exportRecordBody>;
