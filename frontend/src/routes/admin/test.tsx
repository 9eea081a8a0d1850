import { createFileRoute } from '@tanstack/react-router';
import { TestPage } from '../../features/docs/TestPage';

export const Route = createFileRoute('/admin/test')({ component: TestPage });
