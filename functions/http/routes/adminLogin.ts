import { adminSignIn } from '../../accounts/domain/admin-auth';
import * as contract from '@shared/routes/accounts';
import { routeHandler } from '../route-handler';
import { adminAuth } from '../../accounts/providers/admin-auth';

/** POST /api/admin/login for scripts (docs/design.md, "API calls"): Cognito's password flow (and the TOTP code), admin group only; returns the tokens. */
export const handler = routeHandler(contract.adminLogin, async ({ body }) => adminSignIn(body.username, body.password, body.code, adminAuth()));
