import { impactOfLitres, type ImpactFactors } from '@shared/impact';
import type { EnvironmentalImpact } from '@shared/schemas/user';
import type { Settings } from '@shared/schemas/settings';

/** The impact factors in force: the settings item's, which default to a 500 ml bottle and 0.0828 kg CO2 per bottle. */
function impactFactors(settings: Pick<Settings, 'bottleLitres' | 'co2KgPerBottle'>): ImpactFactors {
  return { bottleLitres: settings.bottleLitres, co2KgPerBottle: settings.co2KgPerBottle };
}

/**
 * A user's environmental impact, derived from the millilitres the stations metered for them (never typed in).
 * A user who has never refilled, or who has no stored record yet, has saved nothing.
 */
export function impactOfDispensed(dispensedMl: number | null | undefined, settings: Pick<Settings, 'bottleLitres' | 'co2KgPerBottle'>): EnvironmentalImpact {
  const ml = Number.isFinite(dispensedMl) && (dispensedMl as number) > 0 ? (dispensedMl as number) : 0;
  return impactOfLitres(ml / 1000, impactFactors(settings));
}
