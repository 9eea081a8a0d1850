import { createFileRoute } from '@tanstack/react-router';
import { AlertsPage } from '../../features/admin/alerts/AlertsPage';

/** Alerts of the alert rules, with filters and acknowledgement (administrators only). */
export const Route = createFileRoute('/admin/alerts')({
  component: AlertsPage,
});
