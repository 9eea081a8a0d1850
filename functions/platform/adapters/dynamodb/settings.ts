import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { defaultSettings, Settings } from '@shared/schemas/settings';
import type { SettingsStore } from '../../ports/settings';
import { keys, withoutKeys } from './keys';

export class DynamoSettings implements SettingsStore {
  constructor(private readonly db: DynamoDBDocumentClient, private readonly tableName: string) {}

  async get(): Promise<Settings> {
    const { Item } = await this.db.send(new GetCommand({ TableName: this.tableName, Key: keys.settings() }));
    if (!Item) return defaultSettings();
    const { updatedAt: _u, updatedBy: _b, ...saved } = withoutKeys(Item);
    return Settings.parse(saved);
  }

  /** Saves the settings and an audit entry of who changed what, in one transaction. */
  async save(settings: Settings, actor: string): Promise<Settings> {
    const before = await this.get();
    const at = new Date().toISOString();
    const changes = Object.fromEntries(
      (Object.keys(settings) as (keyof Settings)[])
        .filter((k) => settings[k] !== before[k])
        .map((k) => [k, { from: before[k], to: settings[k] }]),
    );
    await this.db.send(new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: this.tableName, Item: { ...keys.settings(), ...settings, updatedAt: at, updatedBy: actor } } },
        { Put: { TableName: this.tableName, Item: { ...keys.settingsAudit(at, crypto.randomUUID()), actor, at, changes } } },
      ],
    }));
    return settings;
  }
}
