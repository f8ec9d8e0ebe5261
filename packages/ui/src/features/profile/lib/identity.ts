import type { Profile } from '@khel/core/contract';
import { formatPhone } from '../../../lib/phone-format.ts';

type Identity = Pick<Profile, 'first_name' | 'username' | 'phone_number' | 'telegram_username' | 'email'>;

/** What to call the user: first name, else username, else phone (then Telegram handle, email). */
export function greetingName(profile: Identity): string | null {
  return (
    nonEmpty(profile.first_name) ??
    nonEmpty(profile.username) ??
    phone(profile.phone_number) ??
    handle(profile.telegram_username) ??
    nonEmpty(profile.email)
  );
}

/** The name the feed greets with: first name, else username; never a phone number or address. */
export function chosenName(profile: Pick<Profile, 'first_name' | 'username'>): string | null {
  return nonEmpty(profile.first_name) ?? nonEmpty(profile.username);
}

/** How the user signed in, as shown under the greeting: phone, else Telegram handle, else email, else username. */
export function signedInIdentity(profile: Identity): string | null {
  return (
    phone(profile.phone_number) ??
    handle(profile.telegram_username) ??
    nonEmpty(profile.email) ??
    nonEmpty(profile.username)
  );
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function handle(username: string | null | undefined): string | null {
  const name = nonEmpty(username);
  return name ? `@${name.replace(/^@/, '')}` : null;
}

function phone(value: string | null | undefined): string | null {
  const number = nonEmpty(value);
  return number ? formatPhone(number) : null;
}
