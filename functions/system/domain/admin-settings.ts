import type { Settings } from '@shared/schemas/settings';
import type { AdminQueries } from '../ports/admin-queries';
import type { SettingsStore } from '../../platform/ports/settings';

/** Saves the settings as one audited change (who, when, each field's old and new value). */
export async function saveSettings(settings: Settings, actor: string, deps: { settings: SettingsStore }) {
  return deps.settings.save(settings, actor);
}

export async function settingsHistory(limit: number, deps: { adminQueries: AdminQueries }) {
  return deps.adminQueries.settingsHistory(limit);
}
