import { z } from 'zod';
import { lazySchema } from './lazy.ts';

/** Every API answer, success or error, has this shape (SPEC §7, DESIGN §3). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    status: z.number().int(),
    data,
    message: z.string(),
  });

export interface Envelope<T> {
  success: boolean;
  status: number;
  data: T;
  message: string;
}

/** Field-level problems attached to a 400 answer, so forms can point at the field. */
export const validationIssuesSchema = lazySchema(() =>
  z.object({
    issues: z.array(z.object({ path: z.string(), message: z.string() })),
  }),
);
export type ValidationIssues = z.infer<typeof validationIssuesSchema>;
