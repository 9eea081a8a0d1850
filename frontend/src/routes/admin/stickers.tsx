import { createFileRoute } from '@tanstack/react-router';
import { AdminCheckFailed, CheckingAuthentication } from '../../features/admin/CheckingAuthentication';
import { StickerSheetPage } from '../../features/guest/StickerSheet';
import { requireAdmin } from '../../route-data';

/** Printable sheets of the stations' QR stickers (administrators only). */
export const Route = createFileRoute('/admin/stickers')({
  beforeLoad: requireAdmin,
  pendingComponent: () => <CheckingAuthentication />,
  errorComponent: AdminCheckFailed,
  component: StickerSheetPage,
});
