import { adminActor } from '../../accounts/domain/admin-auth';
import { saveSettings } from '../../system/domain/admin-settings';
import * as contract from '@shared/routes/system';
import { routeHandler } from '../route-handler';
import { secondFactors } from '../../platform/providers/second-factors';
import { settings } from '../../platform/providers/repositories/settings';

/** Validated by the shared Settings schema; saved with an audit entry of who changed what. */
export const handler = routeHandler(contract.adminPutSettings, async ({ body, identity }) => saveSettings(body, adminActor(identity), { settings: settings() }), { secondFactors });
