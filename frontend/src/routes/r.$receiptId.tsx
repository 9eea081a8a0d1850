import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../components/PublicLayout';
import { GuestReceiptPage } from '../features/guest/GuestReceiptPage';

/** A guest's receipt: the link holds the order id and the secret that reads it. */
export const Route = createFileRoute('/r/$receiptId')({
  component: function ReceiptRoute() {
    const { receiptId } = Route.useParams();
    return (
      <PublicLayout>
        <GuestReceiptPage receiptId={receiptId} />
      </PublicLayout>
    );
  },
});
