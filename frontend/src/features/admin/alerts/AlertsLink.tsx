import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { alertQueries } from '@frontend/api/alerts';
import { adminAlerts } from '@frontend/i18n/admin-alerts';
import { useMessages } from '@frontend/i18n/messages';
import { CountBadge } from '../CountBadge';
import { AlertIcon } from '../icons';

/** The admin header's way to the Alerts page, with the number of open (unacknowledged) alerts. */
export function AlertsLink() {
  const t = useMessages(adminAlerts);
  const counts = useQuery(alertQueries.counts());
  const open = counts.data?.open ?? 0;
  return (
    <Link to="/admin/alerts" aria-label={t.headerLink(open)} title={t.headerLink(open)}
      className="relative inline-flex h-10 items-center gap-2 rounded-xl px-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:px-3">
      <AlertIcon size={16} />
      <span className="hidden sm:inline">{t.title}</span>
      <CountBadge count={open} tone="red" testId="alert-count" />
    </Link>
  );
}
