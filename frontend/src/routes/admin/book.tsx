import { createFileRoute } from '@tanstack/react-router';
import { BookPage } from '../../features/admin/book/BookPage';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { requireAdmin } from '../../route-data';
import { bookSearch } from '../../search';

/** The book of one Bali day (?date=, today when absent) and its journal (administrators, signed in with their second factor). */
export const Route = createFileRoute('/admin/book')({
  validateSearch: bookSearch,
  beforeLoad: requireAdmin,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: function Book() {
    return <BookPage search={Route.useSearch()} />;
  },
});
