import { z } from 'zod';
import { defineRoute } from './route.ts';

/** SPEC §3 profileData. Later issues add the country, city and college lists. */
export const profileSchema = z.object({
  id: z.string().uuid(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  telegram_id: z.string().nullable(),
  telegram_username: z.string().nullable(),
  photo_url: z.string().nullable(),
  language_code: z.string().nullable(),
  is_verified: z.boolean(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const userRoutes = {
  profile: defineRoute({
    method: 'GET',
    path: '/users/me/profile',
    summary: 'The signed-in user’s profile',
    tag: 'Users',
    auth: 'bearer',
    response: profileSchema,
  }),
} as const;
