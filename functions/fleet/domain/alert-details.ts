import { disconnectReasonWords } from '@shared/disconnect-reasons';
import type { Localized } from '@shared/language';
import type { AlertFacts } from '../ports/alerts';
import * as texts from './texts';

/** An alert's detail in both languages, from the facts it was opened on. */
export function alertDetail(facts: AlertFacts): Localized {
  switch (facts.kind) {
    case 'lowWater': case 'filterLife': return texts.alertBelow(facts.kind, facts.value, facts.threshold);
    case 'quality': return texts.tdsAbove(facts.value, facts.threshold);
    case 'noVend': return texts.alertNoVend(facts.hours, facts.lastVendAt);
    case 'vendFailures': return texts.alertVendFailures(facts.failed, facts.attempts, facts.percent, facts.threshold);
    case 'deadLetters': return texts.alertDeadLetters(facts.total, facts.queues.filter((q) => q.messages > 0).map((q) => `${q.queue} ${q.messages}`).join(', '));
    case 'offline': case 'neverHeard': {
      const text = facts.kind === 'offline' ? texts.alertOffline(facts.minutes, facts.lastAt) : texts.alertNeverHeard(facts.createdAt);
      const reason = facts.disconnected?.reason;
      const why = facts.disconnected && texts.alertDisconnected(facts.disconnected.at, reason ? disconnectReasonWords(reason) : null);
      return why ? { en: text.en + why.en, id: text.id + why.id } : text;
    }
  }
}
