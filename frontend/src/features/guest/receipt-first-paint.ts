import type { GuestOrder } from '@shared/schemas/guest';
import { splitReceiptId } from '../../api/receipt-id';
import { okJson, startFirstPaint } from '../../first-paint-data';
import { guestTexts } from '../../i18n/guest';
import { receiptNotes, receiptRows, SECOND_LINE } from './receipt-view';

/**
 * The receipt's first paint (docs/architecture.md, "The receipt's first paint"): an inline script of receipt.html, the
 * one prerendered frame of every `/r/{receiptId}`, built by frontend/vite.config.ts. Before any of the app's code has
 * loaded, it loads the order (GET /api/guest/orders/{id}, in English as the prerendered pages are) and writes it into
 * the frame's `data-fill` marks: the rows' values, and the notes the order shows. The app's first render takes the same
 * order (startFirstPaint) and replaces the frame with the same page; a receipt not found, or no network, leave
 * the frame loading, for the app to say what is wrong.
 */

async function loadOrder(receiptId: string): Promise<GuestOrder | null> {
  const parts = splitReceiptId(receiptId);
  if (!parts) return null;
  try {
    const url = `/api/guest/orders/${encodeURIComponent(parts.id)}?${new URLSearchParams({ secret: parts.secret })}`;
    const answer = await fetch(url, { headers: { accept: 'application/json', 'accept-language': 'en' } });
    return await okJson<GuestOrder>(answer);
  } catch {
    return null;
  }
}

function fill(frame: Element, order: GuestOrder) {
  const slot = (name: string) => frame.querySelector<HTMLElement>(`[data-fill="${name}"]`)!;
  for (const row of receiptRows(guestTexts.en, 'en')) {
    const value = row.value(order);
    if (typeof value === 'string') slot(row.name).textContent = value;
    else {
      const second = document.createElement('span');
      second.className = SECOND_LINE;
      second.textContent = value[1];
      slot(row.name).replaceChildren(value[0], second);
    }
  }
  slot('rows').setAttribute('aria-busy', 'false');
  const shown = receiptNotes(order);
  for (const name of shown) slot(`note-${name}`).hidden = false;
  if (order.message) slot('note-message').textContent = order.message;
  slot('loading').remove();
}

startFirstPaint(loadOrder, fill);
