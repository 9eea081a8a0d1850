import { Link } from '@tanstack/react-router';
import { adminVisits } from '@frontend/i18n/admin-visits';
import { useMessages } from '@frontend/i18n/messages';
import { PinIcon } from '../icons';

/** The admin header's way to "Today's route". */
export function VisitsLink() {
  const t = useMessages(adminVisits);
  return (
    <Link to="/admin/visits" aria-label={t.headerLink} title={t.headerLink}
      className="inline-flex h-10 items-center gap-2 rounded-xl px-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:px-3">
      <PinIcon size={16} />
      <span className="hidden lg:inline">{t.headerLink}</span>
    </Link>
  );
}
