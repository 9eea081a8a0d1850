import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/PublicLayout';
import { GuestReceiptPage } from '../features/guest/GuestReceiptPage';
import { receiptSearch } from '../search';

/** A guest's receipt: the link holds the order id and the secret that reads it (?keep=true: keep it in the account signed in from it). */
export const Route = createFileRoute('/r/$receiptId')({
  validateSearch: receiptSearch,
  component: function ReceiptRoute() {
    const { receiptId } = Route.useParams();
    const { keep } = Route.useSearch();
    return (
      <PublicLayout>
        <GuestReceiptPage receiptId={receiptId} keep={keep === true} />
      </PublicLayout>
    );
  },
});
