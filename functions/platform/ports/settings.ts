import type { Settings } from '@shared/schemas/settings';

export interface SettingsStore {
  /** The saved settings, or the defaults of docs/design.md, "Constants" when none were saved. */
  get(): Promise<Settings>;
  save(settings: Settings, actor: string): Promise<Settings>;
}
