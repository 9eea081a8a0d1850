import { GREETING_AFTERNOON_HOUR, GREETING_EVENING_HOUR, LOCALE } from '@shared/constants';
import type { User } from '@shared/schemas/user';
import type { appTexts } from '../../i18n/app';

/**
 * How the app names the person: pure, without the app's language store, so the home's first paint
 * (home-first-paint.ts) names them as the app does.
 */

type AppTexts = (typeof appTexts)['en'];

/** Good morning before 12:00, Good afternoon before 18:00, otherwise Good evening (Bali's hour, shared/bali-time.ts). */
export function greetingFor(hour: number, t: AppTexts['greeting']): string {
  if (hour < GREETING_AFTERNOON_HOUR) return t.morning;
  if (hour < GREETING_EVENING_HOUR) return t.afternoon;
  return t.evening;
}

type Names = Pick<User, 'firstName' | 'lastName'>;

/** First and last name, or 'User' (`fallback`, in the page's language) when neither exists. */
export function fullName(user: Names | null | undefined, fallback: string): string {
  const name = [user?.firstName, user?.lastName].map((n) => n?.trim()).filter(Boolean).join(' ');
  return name || fallback;
}

/** The avatar's letter: first name, else username or e-mail, else 'U'. */
export function initialOf(user: Names & Partial<Pick<User, 'username' | 'email'>>): string {
  const source = user.firstName?.trim() || user.lastName?.trim() || user.username?.trim() || user.email?.trim() || 'U';
  return source.charAt(0).toLocaleUpperCase(LOCALE);
}

/** The year an account was created, for 'Member since'. */
export function memberSince(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : String(date.getFullYear());
}

