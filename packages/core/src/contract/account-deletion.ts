import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';

/** Asking for the account to be deleted: the grace period, then the purge (SPEC §2 /delete-user-account). */

export const deletionStateSchema = lazySchema(() =>
  z.object({
    status: z.enum(['none', 'pending']),
    requestedAt: z.string().nullable(),
    /** When personal data is erased unless the request is cancelled first. */
    dueAt: z.string().nullable(),
    graceDays: z.number().int(),
  }),
);
export type DeletionState = z.infer<typeof deletionStateSchema>;

export const accountDeletionRoutes = {
  deletionState: defineRoute({
    method: 'GET',
    path: '/users/me/deletion-request',
    summary: 'Whether an account deletion is pending, and when it happens',
    tag: 'Users',
    auth: 'bearer',
    response: deletionStateSchema,
  }),
  requestDeletion: defineRoute({
    method: 'POST',
    path: '/users/me/deletion-request',
    summary: 'Ask for the account to be deleted after the grace period (default 14 days)',
    tag: 'Users',
    auth: 'bearer',
    response: deletionStateSchema,
    successStatus: 202,
  }),
  cancelDeletion: defineRoute({
    method: 'DELETE',
    path: '/users/me/deletion-request',
    summary: 'Cancel a pending deletion request within the grace period',
    tag: 'Users',
    auth: 'bearer',
    response: deletionStateSchema,
  }),
} as const;

export const NO_PENDING_DELETION_MESSAGE = 'No account deletion is pending.';
export const DELETION_CANCELLED_MESSAGE = 'Account deletion cancelled';

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const accountDeletionMessages = {
  NO_PENDING_DELETION: NO_PENDING_DELETION_MESSAGE,
  DELETION_CANCELLED: DELETION_CANCELLED_MESSAGE,
} as const;
