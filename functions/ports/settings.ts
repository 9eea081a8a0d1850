import type { Settings } from '../../shared/schemas';

export interface SettingsStore {
  /** The saved settings, or the spec's defaults when none were saved. */
  get(): Promise<Settings>;
  save(settings: Settings, actor: string): Promise<Settings>;
}
