import { baliHour } from '@shared/bali-time';
import { IMPACT_TOP_PERCENT_BOTTLES } from '@shared/constants';
import { formatKg, formatNumber, formatTime } from '@shared/format';
import type { Language } from '@shared/language';
import { formatRupiah, rupiahToPoints } from '@shared/money';
import type { CurrentUser } from '@shared/schemas/user';
import { okJson, startFirstPaint } from '../../first-paint-data';
import { appTexts } from '../../i18n/app';
import { appTexts as indonesianAppTexts } from '../../i18n/id/app';
import { detectLanguage } from '../../i18n/language-choice';
import { storedIdToken } from '../auth/maybe-signed-in';
import { fullName, greetingFor, initialOf } from './person';

/**
 * The app home's first paint (docs/architecture.md, "The app home's first paint"): an inline script of app.html, the
 * prerendered frame of `/app`, built by frontend/vite.config.ts. Before any of the app's code has loaded, it reads the
 * ID token the sign-in left in localStorage (Amplify's keys) and, while it is valid, loads the person
 * (GET /api/auth/user) and writes them into the frame: the greeting, the balance and its points, what their refills
 * saved, in the person's language. The app's first render takes the same person (startFirstPaint) and replaces the frame with the whole home.
 * No token, an expired one (the app refreshes it) or no network leave the frame loading, for the app to decide.
 */

/** A token must outlive the request by this much to be sent. */
const TOKEN_MARGIN_SECONDS = 30;

/** The signed-in browser's ID token, while it is valid; null otherwise (signed out, expired, unreadable). */
function validIdToken(): string | null {
  const token = storedIdToken();
  if (!token) return null;
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' && payload.exp - TOKEN_MARGIN_SECONDS > Date.now() / 1000 ? token : null;
  } catch {
    return null;
  }
}

const language: Language = detectLanguage();

async function loadPerson(): Promise<CurrentUser | null> {
  const token = validIdToken();
  if (!token) return null;
  try {
    const answer = await fetch('/api/auth/user', { headers: { accept: 'application/json', 'accept-language': language, authorization: `Bearer ${token}` }, credentials: 'include' });
    return await okJson<CurrentUser>(answer);
  } catch {
    return null;
  }
}

/** The frame's English texts (prerendered) in Indonesian: every text node of the home's texts, swapped. */
function intoIndonesian(frame: Element) {
  const english = appTexts.en.home;
  const swaps = new Map<string, string>();
  for (const [name, text] of Object.entries(english)) {
    const translated = (indonesianAppTexts.home as Record<string, unknown>)[name];
    if (typeof text === 'string' && typeof translated === 'string') swaps.set(text, translated);
  }
  const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const swapped = swaps.get(node.textContent ?? '');
    if (swapped) node.textContent = swapped;
  }
  for (const labelled of frame.querySelectorAll('[aria-label]')) {
    const swapped = swaps.get(labelled.getAttribute('aria-label')!);
    if (swapped) labelled.setAttribute('aria-label', swapped);
  }
}

function fill(frame: Element, person: CurrentUser) {
  const t = language === 'id' ? indonesianAppTexts : appTexts.en;
  const write = (name: string, text: string) => void (frame.querySelector(`[data-fill="${name}"]`)!.textContent = text);
  if (language === 'id') intoIndonesian(frame);
  write('greeting', greetingFor(baliHour(), t.greeting));
  write('name', fullName(person, t.user));
  write('initial', initialOf(person));
  write('balance', formatRupiah(person.balance));
  write('points', t.home.points(formatNumber(rupiahToPoints(person.balance), language, 2)));
  if (person.reserved) {
    write('reserved', t.home.reserved(formatRupiah(person.reserved.amount), formatTime(person.reserved.until, language) ?? ''));
    (frame.querySelector('[data-fill="reserved"]') as HTMLElement).hidden = false;
  }
  write('co2', formatKg(person.co2Saved, language));
  write('bottles', formatNumber(person.bottlesSaved, language, 2));
  write('impact-note', person.bottlesSaved > IMPACT_TOP_PERCENT_BOTTLES ? t.home.topRefiller : t.home.everyRefill);
  frame.querySelector('[data-fill="loading"]')!.remove();
  (frame.querySelector('[data-fill="home"]') as HTMLElement).hidden = false;
}

startFirstPaint(loadPerson, fill);
