import { createFileRoute } from '@tanstack/react-router';
import { SimpleLogin } from '../../features/admin/SimpleAdmin';

/** Simplified admin login form (same Cognito session as /admin/login). */
export const Route = createFileRoute('/admin/simple')({
  component: SimpleLogin,
});
