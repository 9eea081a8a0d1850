import { Link } from '@tanstack/react-router';
import { adminBook } from '@frontend/i18n/admin-book';
import { useMessages } from '@frontend/i18n/messages';
import { BookIcon } from '../icons';

/** The dashboard's way to the Book page (administrators only: the money of the business). */
export function BookLink() {
  const t = useMessages(adminBook);
  return (
    <Link to="/admin/book" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
      <BookIcon size={14} /> {t.dashboardLink}
    </Link>
  );
}
